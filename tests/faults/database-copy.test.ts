import { execFileSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpSink, type SmtpSink } from "../../api/test/smtp-sink";
import { throwawayDatabase } from "../../api/test/throwaway-database.mjs";
import {
  apiClient,
  ensureBuild,
  leftovers,
  operatorCommand,
  portalLogin,
  PRODUCTION_MAIL,
  startServer,
  stopServer,
  strongSecrets,
  type Running,
} from "./server";

// A copy of the database never mails real people (docs/decisions/024-database-copies.md). The live
// service runs in production and records its PUBLIC_URL; its database is copied as docs/operations.md
// restores it (pg_dump -Fc, pg_restore); a second instance starts on the copy under another PUBLIC_URL
// with a live SMTP server, a password recovery is asked for and a reminder is due: nothing is delivered
// until `npm run ops:adopt`, or with MAIL_REDIRECT_TO, only to that one mailbox.

const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PG_BIN = process.env.PG_BIN ?? "/usr/bin";
const PORTS = { live: "3423", copy: "3424" } as const;
const LIVE_URL = "https://adaptasi.example.go.id";
const REDIRECT = "uji@staging.example.go.id";

const left = leftovers();
const dir = left.dir;
let server: Running | undefined;

beforeAll(() => ensureBuild(), 240_000);
afterAll(async () => {
  await stopServer(server, "SIGKILL");
  await left.undo();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe("an instance on a copy of the database", () => {
  it("delivers nothing (a recovery, a due reminder) until the copy is adopted; MAIL_REDIRECT_TO delivers to one mailbox only", async () => {
    const secrets = strongSecrets();
    const source = left.keep(await throwawayDatabase(PG_SERVER, "adaptasi_live"));

    // 1. The live service: demo accounts (outside production, as the other fault tests make them), then
    //    its first production start records its PUBLIC_URL. A file's SLA deadline is a day away.
    const liveEnv = { PORT: PORTS.live, DATABASE_URL: source.url, DATA_DIR: dir("copy-live"), ...secrets };
    await stopServer(await startServer({ ...liveEnv, NODE_ENV: "test", SEED_DEMO: "true" }));
    await stopServer(await startServer({ ...liveEnv, NODE_ENV: "production", ...PRODUCTION_MAIL, PUBLIC_URL: LIVE_URL, JOBS_INTERVAL_SECONDS: "0" }));
    expect(await sql(source.url, "select public_url, recorded_by from live_service")).toEqual([
      { public_url: LIVE_URL, recorded_by: "first production start" },
    ]);
    await sql(
      source.url,
      `insert into applications (applicant_user_id, submitted_by_user_id, jalur_id, is_submitted, submitted_at, stage_id, reached_stages, status, open_stage_id, stage_started_at, deadline_at, applicant_name, applicant_email)
       select id, id, 'REG', true, now(), 1, '{1}', 'IN-PROGRESS', 1, now() - interval '13 days', now() + interval '1 day', full_name, email from users where email = 'pemohon@adaptasi.test'`,
    );

    // 2. The copy, made as docs/operations.md restores a backup.
    const dump = path.join(dir("copy-dump"), "adaptasi.dump");
    execFileSync(path.join(PG_BIN, "pg_dump"), ["--format=custom", "--no-owner", `--file=${dump}`, source.url], { stdio: "pipe" });
    const copy = left.keep(await throwawayDatabase(PG_SERVER, "adaptasi_copy"));
    execFileSync(path.join(PG_BIN, "pg_restore"), ["--no-owner", "--exit-on-error", `--dbname=${copy.url}`, dump], { stdio: "pipe" });

    // 3. A production instance on the copy under another PUBLIC_URL, with a live SMTP server and jobs every second.
    const sink: SmtpSink = left.keep(await smtpSink());
    const copyUrl = `http://127.0.0.1:${PORTS.copy}`;
    const copyEnv = {
      NODE_ENV: "production",
      PORT: PORTS.copy,
      DATABASE_URL: copy.url,
      DATA_DIR: dir("copy-instance"),
      SMTP_URL: sink.url,
      PUBLIC_URL: copyUrl,
      JOBS_INTERVAL_SECONDS: "1",
      LOG_LEVEL: "info",
      ...secrets,
    };
    server = await startServer(copyEnv);
    expect(await (await fetch(`${copyUrl}/readyz`)).json()).toEqual({ status: "ready", mail: "held", reason: "public-url-mismatch" });
    const recover = async () => expect((await apiClient(server!)("/password/forgot", { json: { email: "pemohon@adaptasi.test" } })).status).toBe(200);
    await recover();
    await sleep(6_000); // three mail passes and five job intervals
    expect(sink.received).toEqual([]);
    expect(await sql(copy.url, "select count(*)::int as n from job_runs")).toEqual([{ n: 0 }]);
    expect(await sql(copy.url, "select kind, status from mail_outbox")).toEqual([{ kind: "password_reset", status: "pending" }]);
    // Said once in the log (with no e-mail address), and on /mail-outbox.
    const held = server
      .stdout()
      .split("\n")
      .filter((l) => l.includes("mail held in the outbox"));
    expect(held).toHaveLength(1);
    expect(JSON.parse(held[0])).toMatchObject({ level: 40, reason: "public-url-mismatch", recorded: LIVE_URL, publicUrl: copyUrl });
    expect(server.stdout()).not.toContain("pemohon@adaptasi.test");
    const cookie = await portalLogin(server, "superadmin@adaptasi.test");
    const outbox = await (await fetch(`${copyUrl}/mail-outbox`, { headers: { cookie } })).text();
    expect(outbox).toContain("Surel ditahan: basis data ini sebuah salinan");
    expect(outbox).toContain("Surel yang menunggu di antrean: 1.");
    await stopServer(server);

    // 4. A staging copy: MAIL_REDIRECT_TO gets every mail, the reminders still wait for the adoption.
    server = await startServer({ ...copyEnv, MAIL_REDIRECT_TO: REDIRECT });
    expect(await (await fetch(`${copyUrl}/readyz`)).json()).toEqual({ status: "ready", mail: "redirected", reason: "public-url-mismatch" });
    const started = Date.now();
    while (sink.received.length === 0 && Date.now() - started < 15_000) await sleep(100);
    await sleep(3_000);
    expect(sink.received.map((r) => r.to)).toEqual([REDIRECT]);
    expect(sink.received[0].mail.headers["x-original-to"]).toBe("pe***@adaptasi.test");
    expect(await sql(copy.url, "select count(*)::int as n from job_runs")).toEqual([{ n: 0 }]);
    await stopServer(server);
    sink.received.length = 0;

    // 5. Held again; adopted by the operator's command while it runs: the recovery and the reminders go out.
    server = await startServer(copyEnv);
    await recover();
    await sleep(3_000);
    expect(sink.received).toEqual([]);
    const adopt = await operatorCommand(server.env, "ops:adopt");
    expect(adopt.code, adopt.stderr).toBe(0);
    expect(adopt.stdout).toContain(`This database is the live service at ${copyUrl} now (it served ${LIVE_URL}).`);
    const adopted = Date.now();
    while (sink.received.length < 3 && Date.now() - adopted < 20_000) await sleep(100);
    await sleep(2_000);
    const to = sink.received.map((r) => r.to).sort();
    // The recovery to the applicant, the SLA reminder to the two roles that decide stage 1.
    expect(to).toEqual(["admin@adaptasi.test", "pemohon@adaptasi.test", "subkomite@adaptasi.test"]);
    const recovery = sink.received.find((r) => r.to === "pemohon@adaptasi.test")!.mail;
    expect(recovery.text).toContain(`${copyUrl}/forgot-password?token=`);
    expect(await (await fetch(`${copyUrl}/readyz`)).json()).toEqual({ status: "ready", mail: "sending" });
    expect(server.stdout()).toContain("this instance is the live service now: mail and scheduled jobs resume");
    await stopServer(server);
    server = undefined;
  }, 300_000);
});
