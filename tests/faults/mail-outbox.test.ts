import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, describe, expect, it } from "vitest";
import { citizenSignUp } from "../../api/test/factories";
import { createTestApi, type TestApi } from "../../api/test/helpers";
import { smtpSink, type Received } from "../../api/test/smtp-sink";
import { ROOT, strongSecrets, tempDir } from "./server";

// Faults of mail (docs/decisions/020-mail-outbox.md): a real SMTP server on loopback
// (the `smtp-server` package) that refuses every message, then accepts. Mail must neither be lost nor
// arrive twice: (a) while the server refuses, 50 mails are caused and each is refused three times; (b) the process is killed
// (SIGKILL) with mails pending and started again.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, timeoutMs: number) {
  const started = Date.now();
  while (!check() && Date.now() - started < timeoutMs) await sleep(200);
}

async function untilAsync(check: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await check()) && Date.now() - started < timeoutMs) await sleep(200);
}

/** Each recipient once, each message id once, `n` in all. */
function expectExactlyOnce(received: Received[], n: number) {
  expect(received).toHaveLength(n);
  expect(new Set(received.map((r) => r.to)).size).toBe(n);
  expect(new Set(received.map((r) => r.messageId)).size).toBe(n);
  expect(received.every((r) => /^<[0-9a-f-]{36}@adaptasi\.kemkes\.go\.id>$/.test(r.messageId))).toBe(true);
}

// The default retry policy (5 s, 15 s, 45 s, … apart) scaled down five times to keep the suite short:
// 1 s, 3 s, 9 s … apart. The SMTP server refuses until every mail has been refused three times.

describe("mail while the SMTP server refuses for a while (three refusals of each, at a fifth of the default pace)", () => {
  let api: TestApi | undefined;
  let sink: Awaited<ReturnType<typeof smtpSink>> | undefined;
  afterAll(async () => {
    await api?.close();
    await sink?.close();
  });

  it("delivers all 50 mails caused meanwhile exactly once when it accepts again", async () => {
    sink = await smtpSink({ accepting: false });
    // Retries 1 s, 3 s, 9 s apart: the fourth attempt, 13 s after the first, goes through.
    api = await createTestApi({ smtpUrl: sink.url, mailPollMs: 250, mailRetry: { baseMs: 1_000 } });
    const emails = Array.from({ length: 50 }, (_, i) => `penerima${i}@contoh.id`);
    for (const email of emails) await api.createUser({ email });

    for (const email of emails) {
      const res = await api.request("/api/v1/password/forgot", { json: { email } });
      expect(res.status).toBe(200);
    }
    await api.mailer.idle(); // each mail recorded and tried once
    expect(sink.refused()).toBeGreaterThanOrEqual(50);
    expect(sink.received).toEqual([]);
    const { mailOutbox } = await import("../../api/db/schema");
    const pending = await api.db.select().from(mailOutbox);
    expect(pending.filter((r) => r.status === "pending")).toHaveLength(50);

    // The outage lasts until every mail has been refused three times (its backoff waited out twice), not a set time.
    await untilAsync(async () => (await api!.db.select().from(mailOutbox)).every((r) => r.attempts >= 3), 45_000);
    sink.accept();
    await until(() => sink!.received.length >= 50, 45_000);
    // Once every row is sent and the worker is idle, nothing more can be sent: a second copy would be here.
    await untilAsync(async () => (await api!.db.select().from(mailOutbox)).every((r) => r.status === "sent"), 45_000);
    await api.mailer.idle();
    expectExactlyOnce(sink.received, 50);
    expect(new Set(sink.received.map((r) => r.to))).toEqual(new Set(emails));
    const rows = await api.db.select().from(mailOutbox);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(50);
    expect(new Set(rows.map((r) => `<${r.id}@adaptasi.kemkes.go.id>`))).toEqual(new Set(sink.received.map((r) => r.messageId)));
    // Each waited out its backoff: several refused attempts, one that went through.
    expect(Math.min(...rows.map((r) => r.attempts))).toBeGreaterThanOrEqual(3);
  }, 150_000);
});

describe("kill -9 with mails pending", () => {
  const PORT = "3252";
  const dataDir = tempDir("mail");
  const secrets = strongSecrets();
  let child: ChildProcess | undefined;
  let sink: Awaited<ReturnType<typeof smtpSink>> | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The API alone (tests/faults/mail-api-process.ts) on `dataDir`; resolves once it listens. */
  async function start(smtpUrl: string): Promise<ChildProcess> {
    const env = {
      ...process.env,
      ...secrets,
      PORT,
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      MAIL_RETRY_BASE_SECONDS: "1",
      MAIL_LEASE_SECONDS: "3",
      LOG_LEVEL: "silent",
    };
    const proc = spawn(process.execPath, ["--import", "tsx", "tests/faults/mail-api-process.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    proc.stderr!.setEncoding("utf8").on("data", (d: string) => (err += d));
    await new Promise<void>((resolve, reject) => {
      proc.stdout!.setEncoding("utf8").on("data", (d: string) => d.includes("ready") && resolve());
      proc.once("exit", (code) => reject(new Error(`mail API process exited ${code}: ${err}`)));
    });
    return proc;
  }

  const api = (p: string, body: unknown) =>
    fetch(`http://127.0.0.1:${PORT}/api/v1${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-adaptasiapikey": secrets.API_KEY },
      body: JSON.stringify(body),
    });

  it("sends every mail recorded before the kill once the process is back, none twice", async () => {
    sink = await smtpSink({ accepting: false });
    child = await start(sink.url);
    const people = Array.from({ length: 20 }, () => citizenSignUp());
    for (const body of people) expect((await api("/register/citizen", body)).status).toBe(201);
    // Every mail tried and refused at least once; none delivered.
    await until(() => sink!.refused() >= 20, 20_000);
    expect(sink.refused()).toBeGreaterThanOrEqual(20);
    expect(sink.received).toEqual([]);

    const killed = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGKILL");
    await killed;

    sink.accept();
    child = await start(sink.url);
    await until(() => sink!.received.length >= 20, 60_000);
    // A mail claimed at the kill stays unsent until its lease ends and it is sent again: once none is
    // unsent, nothing more can be sent, and each must have arrived exactly once.
    await untilAsync(async () => ((await (await fetch(`http://127.0.0.1:${PORT}/outbox-unsent`)).json()) as { unsent: number }).unsent === 0, 60_000);
    expectExactlyOnce(sink.received, 20);
    expect(new Set(sink.received.map((r) => r.to))).toEqual(new Set(people.map((p) => p.email)));

    const stopped = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await stopped;
    const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
    try {
      const { rows } = await db.query<{ id: string; status: string; kind: string }>("select id, status, kind from mail_outbox");
      expect(rows).toHaveLength(20);
      expect(rows.every((r) => r.status === "sent" && r.kind === "activation")).toBe(true);
      expect(new Set(rows.map((r) => `<${r.id}@adaptasi.kemkes.go.id>`))).toEqual(new Set(sink.received.map((r) => r.messageId)));
    } finally {
      await db.close();
    }
  }, 120_000);
});
