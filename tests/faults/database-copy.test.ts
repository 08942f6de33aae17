import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpSink, type SmtpSink } from "../../api/test/smtp-sink";
import { pdf } from "../fixtures/files";
import { throwawayDatabase } from "../../api/test/throwaway-database.mjs";
import {
  apiClient,
  apiLogin,
  ensureBuild,
  leftovers,
  operatorCommand,
  portalLogin,
  PRODUCTION_MAIL,
  sql,
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
const PORTS = { live: "3423", copy: "3424", shared: "3425", own: "3426" } as const;
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
const METRICS_TOKEN = "metrics-token-of-the-copy-test";

/** How many times the copy's scheduler has held its jobs (a tick on a copy), read from its /metrics. */
async function heldTicks(running: Running): Promise<number> {
  const text = await (await fetch(`${running.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const counts = [...text.matchAll(/^adaptasi_job_runs_total\{[^}]*outcome="held"[^}]*\} (\d+)/gm)].map((m) => Number(m[1]));
  return counts.length ? Math.min(...counts) : 0;
}

/** Waits until the copy's scheduler has held its jobs `ticks` more times than it had when called. */
async function heldFor(running: Running, ticks: number): Promise<void> {
  const from = await heldTicks(running);
  const until = Date.now() + 60_000;
  while ((await heldTicks(running)) < from + ticks) {
    if (Date.now() > until) throw new Error(`the copy's scheduler did not tick ${ticks} times within 60 s`);
    await sleep(100);
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
      METRICS_TOKEN,
      ...secrets,
    };
    server = await startServer(copyEnv);
    expect(await (await fetch(`${copyUrl}/readyz`)).json()).toEqual({ status: "ready", mail: "held", reason: "public-url-mismatch" });
    const recover = async () => expect((await apiClient(server!)("/password/forgot", { json: { email: "pemohon@adaptasi.test" } })).status).toBe(200);
    await recover();
    await heldFor(server, 5); // five held ticks of the scheduler; the mail worker passes meanwhile too
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
    await heldFor(server, 3); // the reminders still wait: three more held ticks, and nothing else arrives
    expect(sink.received.map((r) => r.to)).toEqual([REDIRECT]);
    expect(sink.received[0].mail.headers["x-original-to"]).toBe("pe***@adaptasi.test");
    expect(await sql(copy.url, "select count(*)::int as n from job_runs")).toEqual([{ n: 0 }]);
    await stopServer(server);
    sink.received.length = 0;

    // 5. Held again; adopted by the operator's command while it runs: the recovery and the reminders go out.
    server = await startServer(copyEnv);
    await recover();
    await heldFor(server, 3);
    expect(sink.received).toEqual([]);
    const adopt = await operatorCommand(server.env, "ops:adopt");
    expect(adopt.code, adopt.stderr).toBe(0);
    expect(adopt.stdout).toContain(`This database is the live service at ${copyUrl} now (it served ${LIVE_URL}).`);
    const adopted = Date.now();
    while (sink.received.length < 3 && Date.now() - adopted < 20_000) await sleep(100);
    // Nothing more can go out once no mail is left unsent and the reminders' run is recorded.
    while (
      Date.now() - adopted < 60_000 &&
      ((await sql<{ n: number }>(copy.url, "select count(*)::int as n from mail_outbox where status <> 'sent'"))[0].n > 0 ||
        (await sql<{ n: number }>(copy.url, "select count(*)::int as n from job_runs"))[0].n === 0)
    )
      await sleep(100);
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

  it("on the live service's storage, stores and removes nothing: an account deleted on the copy leaves the live file downloadable; its own storage, claimed, takes uploads", async () => {
    const secrets = strongSecrets();
    const source = left.keep(await throwawayDatabase(PG_SERVER, "adaptasi_live_files"));
    const liveDir = dir("files-live");
    const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
    const upload = async (running: Running, token: string, appId: string, bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.append("doc_1", new Blob([bytes], { type: "application/pdf" }), "ijazah.pdf");
      return apiClient(running)(`/applications/${appId}/documents`, { token, body: form });
    };
    const documentOf = async (running: Running, token: string, appId: string) => {
      const view = (await (await apiClient(running)(`/applications/${appId}`, { token })).json()) as { data: { documents: Array<{ file_id: string }> } };
      return view.data.documents[0].file_id;
    };

    // 1. The live service: demo accounts, then production under its PUBLIC_URL; an applicant's never-submitted
    //    draft holds a document. Its storage (DATA_DIR/files) is marked as the live service's.
    const liveEnv = { PORT: PORTS.live, DATABASE_URL: source.url, DATA_DIR: liveDir, ...secrets };
    await stopServer(await startServer({ ...liveEnv, NODE_ENV: "test", SEED_DEMO: "true" }));
    const liveProd = { ...liveEnv, NODE_ENV: "production", ...PRODUCTION_MAIL, PUBLIC_URL: LIVE_URL, JOBS_INTERVAL_SECONDS: "0" };
    server = await startServer(liveProd);
    const bytes = new Uint8Array(Buffer.concat([await pdf(), Buffer.from("\n%database-copy\n")]));
    let token = await apiLogin(server, "pemohon@adaptasi.test");
    const created = await apiClient(server)("/applications", { token, json: { jalur_id: "REG" } });
    expect(created.status).toBe(201);
    const appId = ((await created.json()) as { data: { id: string } }).data.id;
    expect((await upload(server, token, appId, bytes)).status).toBe(200);
    const fileId = await documentOf(server, token, appId);
    expect(JSON.parse(readFileSync(path.join(liveDir, "files", "portal-owner.json"), "utf8"))).toMatchObject({ public_url: LIVE_URL });
    await stopServer(server);
    server = undefined;

    // 2. A drill copy of the database, started as the docs say under its own PUBLIC_URL, but on the live
    //    service's storage (the same DATA_DIR: an NFS share, or the same bucket), its jobs due every second
    //    and no grace: it says once that its storage is read-only.
    const dump = path.join(dir("files-dump"), "adaptasi.dump");
    execFileSync(path.join(PG_BIN, "pg_dump"), ["--format=custom", "--no-owner", `--file=${dump}`, source.url], { stdio: "pipe" });
    const copy = left.keep(await throwawayDatabase(PG_SERVER, "adaptasi_copy_files"));
    execFileSync(path.join(PG_BIN, "pg_restore"), ["--no-owner", "--exit-on-error", `--dbname=${copy.url}`, dump], { stdio: "pipe" });
    const copyUrl = `http://127.0.0.1:${PORTS.shared}`;
    const sharedEnv = {
      NODE_ENV: "production",
      PORT: PORTS.shared,
      DATABASE_URL: copy.url,
      DATA_DIR: liveDir,
      ...PRODUCTION_MAIL,
      PUBLIC_URL: copyUrl,
      JOBS_INTERVAL_SECONDS: "1",
      FILE_DELETE_GRACE_DAYS: "0",
      LOG_LEVEL: "info",
      ...secrets,
    };
    server = await startServer(sharedEnv);
    const readOnly = server
      .stdout()
      .split("\n")
      .filter((l) => l.includes("storage read-only"));
    expect(readOnly).toHaveLength(1);
    expect(JSON.parse(readOnly[0])).toMatchObject({ level: 40, owner: LIVE_URL, publicUrl: copyUrl });
    // The applicant (a tester on the drill) uploads: refused with a clear 503, nothing written.
    token = await apiLogin(server, "pemohon@adaptasi.test");
    const refused = await upload(server, token, appId, bytes);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("STORAGE_READ_ONLY");
    // The file still downloads on the copy, then the applicant deletes the account there.
    expect((await apiClient(server)(`/files/${fileId}`, { token })).status).toBe(200);
    expect((await apiClient(server)("/me/account", { method: "DELETE", token })).status).toBe(200);
    expect(await sql(copy.url, "select count(*)::int as n from file_deletions")).toEqual([{ n: 1 }]);
    // Even adopted (its jobs run, the deletion is past its grace), the copy removes nothing from storage it does not own.
    const adopt = await operatorCommand(server.env, "ops:adopt");
    expect(adopt.code, adopt.stderr).toBe(0);
    const adopted = Date.now();
    while (!server.stdout().includes("deleted files could not be removed from storage") && Date.now() - adopted < 20_000) await sleep(200);
    expect(server.stdout()).toContain("deleted files could not be removed from storage");
    expect(await sql(copy.url, "select count(*)::int as n from file_deletions")).toEqual([{ n: 1 }]);
    await stopServer(server);
    server = undefined;

    // 3. The live service: the document still downloads, whole.
    server = await startServer(liveProd);
    token = await apiLogin(server, "pemohon@adaptasi.test");
    const file = await apiClient(server)(`/files/${fileId}`, { token });
    expect(file.status).toBe(200);
    expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(sha256(bytes));
    await stopServer(server);
    server = undefined;

    // 4. A copy with storage of its own — the live files copied in, marker and all — is read-only until the
    //    operator claims that storage; then it takes uploads.
    const ownDir = dir("files-own");
    cpSync(path.join(liveDir, "files"), path.join(ownDir, "files"), { recursive: true });
    const ownEnv = { ...sharedEnv, PORT: PORTS.own, DATA_DIR: ownDir, PUBLIC_URL: `http://127.0.0.1:${PORTS.own}`, JOBS_INTERVAL_SECONDS: "0" };
    const claim = await operatorCommand(ownEnv, "ops:adopt", ["--storage"]);
    expect(claim.code, claim.stderr).toBe(0);
    expect(claim.stdout).toContain(`This storage belongs to ${ownEnv.PUBLIC_URL} now (it belonged to ${LIVE_URL})`);
    server = await startServer(ownEnv);
    expect(server.stdout()).not.toContain("storage read-only");
    const tester = await apiLogin(server, "admin@adaptasi.test");
    const guide = new FormData();
    guide.append("file", new Blob([bytes], { type: "application/pdf" }), "panduan.pdf");
    expect((await apiClient(server)("/admin/cms/guidebook", { token: tester, body: guide })).status).toBe(200);
    await stopServer(server);
    server = undefined;
  }, 300_000);
});
