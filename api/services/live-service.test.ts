import { count, eq } from "drizzle-orm";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { jobRuns, mailOutbox } from "../db/schema";
import { registry } from "../lib/metrics";
import { createTestApi, type TestApi } from "../test/helpers";
import { readOutbox } from "../test/mail";
import { adoptAddress, normalAddress, recordedAddress, recordFirstStart } from "./live-service";
import { maskAddress } from "./mail";

// A copy of the database never mails real people (docs/decisions/024-database-copies.md): the address
// recorded at the first production start decides which instance is the live service.

const LIVE = "https://adaptasi.example.go.id";
const COPY = "https://salinan.example.go.id";
const DAY = 86_400_000;

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

function logCollector() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

/** What an instance does to real people: a password recovery, and a file whose SLA deadline is a day away. */
async function causeMail(t: TestApi) {
  expect((await t.request("/api/v1/password/forgot", { json: { email: "pemohon@adaptasi.test" } })).status).toBe(200);
  await t.submittedFile({ status: "IN-PROGRESS", openStageId: 1, stageStartedAt: new Date(Date.now() - 13 * DAY), deadlineAt: new Date(Date.now() + DAY) });
  await t.jobs.runAll();
  await t.mailer.idle();
}

const pending = async (t: TestApi) => (await t.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, "pending")))[0].n;
const jobRunCount = async (t: TestApi) => (await t.db.select({ n: count() }).from(jobRuns))[0].n;

describe("the live service's address", () => {
  it("is recorded by the first production start only, as scheme, host and path", async () => {
    api = await createTestApi({ recordPublicUrl: true, publicUrl: `${LIVE}/` });
    expect(await recordedAddress(api.db)).toBe(LIVE);
    expect(await api.mailer.delivery()).toEqual({ mail: "sending", jobs: true });
    await recordFirstStart(api.db, COPY); // another production start on the same database
    expect(await recordedAddress(api.db)).toBe(LIVE);
    expect(normalAddress("HTTPS://Adaptasi.Example.go.id:443/portal/")).toBe("https://adaptasi.example.go.id/portal");
  });

  it("is not recorded outside production, which sends as before", async () => {
    api = await createTestApi({ publicUrl: COPY });
    expect(await recordedAddress(api.db)).toBeNull();
    expect(await api.mailer.delivery()).toEqual({ mail: "sending", jobs: true });
  });
});

describe("an instance on a copy of the database", () => {
  it("keeps every mail in the outbox and runs no job until adopted, says so once in the log, then sends", async () => {
    const { logger, lines } = logCollector();
    // A restored copy: the original's first production start recorded LIVE; this instance serves COPY.
    api = await createTestApi({ publicUrl: COPY, mailPollMs: 0, logger });
    await recordFirstStart(api.db, LIVE);
    expect(await api.mailer.delivery()).toEqual({ mail: "held", jobs: false, reason: "public-url-mismatch" });

    await causeMail(api);
    for (let i = 0; i < 3; i++) await api.mailer.deliverDue();
    expect(await readOutbox(api.outboxDir)).toEqual([]);
    expect(await pending(api)).toBe(1); // the recovery mail, kept
    expect(await jobRunCount(api)).toBe(0); // no reminder was even recorded
    // /metrics counts the held mail as waiting: an alert on the queue sees a copy's outbox grow
    expect(await registry.getSingleMetricAsString("adaptasi_mail_queue_depth")).toMatch(/^adaptasi_mail_queue_depth 1$/m);

    const held = lines.filter((l) => typeof l.msg === "string" && l.msg.startsWith("mail held"));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ level: 40, reason: "public-url-mismatch", recorded: LIVE, publicUrl: COPY });
    expect(JSON.stringify(lines)).not.toMatch(/@adaptasi\.test|@contoh\.id/);

    // ops:adopt: the running instance notices at its next mail pass and job run.
    expect(await adoptAddress(api.db, COPY)).toEqual({ previous: LIVE, adopted: COPY });
    expect(await api.mailer.delivery()).toEqual({ mail: "sending", jobs: true });
    await api.jobs.runAll();
    const recovery = await api.mails("pemohon@adaptasi.test");
    expect(recovery.map((m) => m.text)).toEqual([expect.stringContaining(`${COPY}/forgot-password?token=`)]);
    expect((await api.mails("admin@adaptasi.test")).some((m) => m.subject.startsWith("Tenggat SLA dalam 2 hari"))).toBe(true);
    expect(await pending(api)).toBe(0);
    expect(await registry.getSingleMetricAsString("adaptasi_mail_queue_depth")).toMatch(/^adaptasi_mail_queue_depth 0$/m);
    expect(lines.filter((l) => l.msg === "this instance is the live service now: mail and scheduled jobs resume")).toHaveLength(1);
  });

  it("with MAIL_REDIRECT_TO sends every mail to that one mailbox, the recipient masked, and still runs no job", async () => {
    const { logger, lines } = logCollector();
    api = await createTestApi({ publicUrl: COPY, mailPollMs: 0, logger, mailRedirectTo: "uji@staging.example.go.id" });
    await recordFirstStart(api.db, LIVE);
    expect(await api.mailer.delivery()).toEqual({ mail: "redirected", jobs: false, reason: "public-url-mismatch" });

    await causeMail(api);
    const mails = await readOutbox(api.outboxDir);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe("uji@staging.example.go.id");
    expect(mails[0].headers["x-original-to"]).toBe("pe***@adaptasi.test");
    expect(mails[0].raw).not.toContain("pemohon@adaptasi.test");
    expect(await jobRunCount(api)).toBe(0);
    expect(lines.filter((l) => typeof l.msg === "string" && l.msg.startsWith("mail redirected to MAIL_REDIRECT_TO"))).toHaveLength(1);

    // Adopted, the jobs run too, and their mail goes to the one mailbox as well.
    await adoptAddress(api.db, COPY);
    expect(await api.mailer.delivery()).toEqual({ mail: "redirected", jobs: true });
    await api.jobs.runAll();
    const after = await api.mails();
    expect(after.length).toBeGreaterThan(1);
    expect(new Set(after.map((m) => m.to))).toEqual(new Set(["uji@staging.example.go.id"]));
  });
});

describe("maskAddress", () => {
  it("keeps two characters and the domain", () => {
    expect(maskAddress("pemohon@adaptasi.test")).toBe("pe***@adaptasi.test");
    expect(maskAddress("a@b.id")).toBe("a***@b.id");
    expect(maskAddress("no-at-sign")).toBe("***");
  });
});
