import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throwawayDatabase } from "../../api/test/throwaway-database.mjs";
import { pdf, png } from "../fixtures/files";
import { DEMO_PASSWORD, ensureBuild, s3Bucket, spawnServer, strongSecrets, tempDir, waitFor, type Running } from "./server";

// Two portal processes on one PostgreSQL database and one S3-protocol endpoint, behind
// a real reverse proxy (HAProxy from Debian, round robin), all on loopback and started here.
//   - an applicant uploads through one instance and the file is read through the other;
//   - a session made on one works on the other;
//   - the login throttle is shared (its counts live in the database);
//   - a scheduled job runs once, though both instances run the scheduler;
//   - kill -9 of one instance under load loses no acknowledged upload or decision, and the proxy reaches the other.

const SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";
const PORTS = { proxy: 3390, a: 3391, b: 3392, s3: 3393 } as const;
const BUCKET = "adaptasi-dua-instans";
const API_KEY_HEADER = "x-adaptasiapikey";

let database: { url: string; drop: () => Promise<void> };
let s3: { close: () => Promise<void> };
let proxy: ChildProcess | undefined;
let a: Running;
let b: Running;
let env: Record<string, string>;

const waitReady = (base: string, ms = 120_000) => waitFor(`${base}/readyz`, ms);

function startProxy(dir: string): ChildProcess {
  const cfg = path.join(dir, "haproxy.cfg");
  writeFileSync(
    cfg,
    [
      "global",
      "  maxconn 256",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 60s",
      "  timeout server 60s",
      // A connection refused or a reply that never came is tried again on the other instance.
      "  retries 3",
      "  option redispatch 1",
      "  retry-on conn-failure empty-response",
      `frontend portal`,
      `  bind 127.0.0.1:${PORTS.proxy}`,
      "  default_backend instances",
      "backend instances",
      "  balance roundrobin",
      "  option httpchk GET /readyz",
      `  server a 127.0.0.1:${PORTS.a} check inter 500 fall 1 rise 2`,
      `  server b 127.0.0.1:${PORTS.b} check inter 500 fall 1 rise 2`,
      "",
    ].join("\n"),
  );
  const child = spawn(HAPROXY, ["-f", cfg, "-db"], { stdio: ["ignore", "ignore", "pipe"] });
  return child;
}

const api = (base: string) => `${base}/api/v1`;

async function apiLogin(base: string, email: string, password = DEMO_PASSWORD) {
  return fetch(`${api(base)}/login`, {
    method: "POST",
    headers: { [API_KEY_HEADER]: env.API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
}

async function tokenOf(base: string, email: string): Promise<string> {
  const res = await apiLogin(base, email);
  expect(res.status, `login ${email} at ${base}`).toBe(200);
  return ((await res.json()) as { token: { token: string } }).token.token;
}

/** A valid PNG whose bytes differ per `n` (bytes after its end), so every upload is its own file. */
const pngNumbered = (n: number) => Buffer.concat([png(), Buffer.from(`#${n}`)]);

async function upload(base: string, token: string, applicationId: string, n: number, requirementId = 1) {
  const fd = new FormData();
  fd.append(`doc_${requirementId}`, new Blob([pngNumbered(n)], { type: "image/png" }), `paspor-${n}.png`);
  return fetch(`${api(base)}/applications/${applicationId}/documents`, {
    method: "POST",
    headers: { [API_KEY_HEADER]: env.API_KEY, authorization: `Bearer ${token}` },
    body: fd,
  });
}

/** A foreign applicant's REG application with every document, submitted through `base`: a file waiting at the document check. */
async function submittedApplication(base: string, email: string): Promise<string> {
  const token = await tokenOf(base, email);
  const headers = { [API_KEY_HEADER]: env.API_KEY, authorization: `Bearer ${token}` };
  const json = { ...headers, "content-type": "application/json" };
  const institutions = (await (await fetch(`${api(base)}/institutions`, { headers })).json()) as { data: Array<{ id: number }> };
  const profile = await fetch(`${api(base)}/me/profile`, {
    method: "PUT",
    headers: json,
    body: JSON.stringify({
      full_name: "Dr. Ana Reyes",
      identity_type: "PASPOR",
      identity_number: "P1234567",
      nationality: "PH",
      birth_place: "Manila",
      birth_date: "1990-03-12",
      gender: "P",
      address: "Jl. Asia Afrika No. 8, Bandung",
      phone: "+639171234567",
      profession: "DOKTER",
      institution_id: institutions.data[0].id,
      graduation_country: "PH",
      graduation_year: "2015",
    }),
  });
  expect(profile.status, await profile.clone().text()).toBe(200);
  const draft = await fetch(`${api(base)}/applications`, { method: "POST", headers: json, body: JSON.stringify({ jalur_id: "REG" }) });
  expect(draft.status, await draft.clone().text()).toBe(201);
  const id = ((await draft.json()) as { data: { id: string } }).data.id;
  const requirements = (await (await fetch(`${api(base)}/document-requirements?jalur=REG`, { headers })).json()) as {
    data: Array<{ id: number; allowed_extnames: string; is_active: boolean }>;
  };
  const fd = new FormData();
  const onePdf = await pdf("dokumen.pdf");
  for (const r of requirements.data.filter((x) => x.is_active)) {
    fd.append(
      `doc_${r.id}`,
      r.allowed_extnames.split(",").includes("pdf")
        ? new Blob([new Uint8Array(onePdf)], { type: "application/pdf" })
        : new Blob([new Uint8Array(png())], { type: "image/png" }),
      `dokumen-${r.id}.${r.allowed_extnames.includes("pdf") ? "pdf" : "png"}`,
    );
  }
  const uploaded = await fetch(`${api(base)}/applications/${id}/documents`, { method: "POST", headers, body: fd });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const submitted = await fetch(`${api(base)}/applications/${id}/submit`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ idempotency_key: crypto.randomUUID() }),
  });
  expect(submitted.status, await submitted.clone().text()).toBe(200);
  return id;
}

const sha256 = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("two instances behind a proxy, one database, one bucket", () => {
  beforeAll(async () => {
    if (!existsSync(HAPROXY)) {
      if (process.getuid?.() === 0)
        spawnSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy"], { stdio: "inherit" });
      if (!existsSync(HAPROXY)) throw new Error(`HAProxy is missing at ${HAPROXY}: sudo apt-get install -y haproxy`);
    }
    await ensureBuild();
    const dir = tempDir("two-instances");
    const bucket = await s3Bucket({ port: PORTS.s3, bucket: BUCKET, directory: path.join(dir, "s3") });
    s3 = bucket;
    database = await throwawayDatabase(SERVER, "adaptasi_two");
    env = {
      ...strongSecrets(),
      NODE_ENV: "test",
      SEED_DEMO: "true",
      DATABASE_URL: database.url,
      PUBLIC_URL: "https://adaptasi.example.go.id",
      ...bucket.env,
      TRUST_PROXY: "1",
      // Both instances run the scheduled jobs every second: each run must still happen once.
      JOBS_INTERVAL_SECONDS: "1",
      // The digest goes from this hour (WIB): 0, so the test finds it due at any hour it runs.
      JOBS_DIGEST_HOUR_WIB: "0",
      // 40 uploads in a few seconds from one account: the cap per minute is not what this file tests.
      RATE_LIMIT_UPLOADS_PER_MINUTE: "1000",
    };
    // The first instance migrates and seeds; the second starts on the ready database.
    a = spawnServer({ ...env, PORT: String(PORTS.a), DATA_DIR: path.join(dir, "a") });
    await waitReady(a.base);
    b = spawnServer({ ...env, PORT: String(PORTS.b), DATA_DIR: path.join(dir, "b") });
    await waitReady(b.base);
    proxy = startProxy(dir);
    await waitReady(`http://127.0.0.1:${PORTS.proxy}`, 15_000);
  }, 240_000);

  afterAll(async () => {
    proxy?.kill("SIGKILL");
    for (const r of [a, b]) if (r && r.child.exitCode === null) r.child.kill("SIGKILL");
    await Promise.all([a?.exited, b?.exited].filter(Boolean));
    await s3?.close();
    await database?.drop();
  }, 60_000);

  let applicationId = "";

  it("a document uploaded through one instance is read through the other", async () => {
    const onA = await tokenOf(a.base, "pemohon@adaptasi.test");
    const created = await fetch(`${api(a.base)}/applications`, {
      method: "POST",
      headers: { [API_KEY_HEADER]: env.API_KEY, authorization: `Bearer ${onA}`, "content-type": "application/json" },
      body: JSON.stringify({ jalur_id: "REG" }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    applicationId = ((await created.json()) as { data: { id: string } }).data.id;
    const sent = pngNumbered(0);
    const res = await upload(a.base, onA, applicationId, 0);
    expect(res.status, await res.clone().text()).toBe(200);

    // Instance B: the same token (shared JWT secret), the file from the shared bucket.
    const detail = await fetch(`${api(b.base)}/applications/${applicationId}`, { headers: { [API_KEY_HEADER]: env.API_KEY, authorization: `Bearer ${onA}` } });
    expect(detail.status).toBe(200);
    const body = JSON.stringify(await detail.json());
    const fileId = /"file_id":"([0-9a-f-]{36})"/.exec(body)?.[1] ?? /"id":"([0-9a-f-]{36})","[^"]*":[^}]*"paspor-0\.png"/.exec(body)?.[1];
    expect(fileId, `a file id in ${body.slice(0, 400)}`).toBeTruthy();
    const file = await fetch(`${api(b.base)}/files/${fileId}`, { headers: { [API_KEY_HEADER]: env.API_KEY, authorization: `Bearer ${onA}` } });
    expect(file.status).toBe(200);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(sent));
  }, 60_000);

  it("a session made on one instance works on the other", async () => {
    const login = await fetch(`${a.base}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "pemohon@adaptasi.test", password: DEMO_PASSWORD, redirectTo: "" }),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).not.toBe("");
    const home = await fetch(`${b.base}/`, { headers: { cookie }, redirect: "manual" });
    expect(home.status, "B knows the session A made").toBe(200);
    expect(await home.text()).toContain("Halo,");
  }, 30_000);

  it("the login throttle counts failures on both instances together", async () => {
    // RATE_LIMIT_LOGIN_PER_ACCOUNT (5) failures cost no wait; the next one waits — wherever it lands.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await apiLogin(i % 2 === 0 ? a.base : b.base, "kki@adaptasi.test", "salah-sekali")).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5], "the sixth failure, on the other instance than the fifth").toBe(429);
  }, 30_000);

  it("a scheduled job runs once, though both instances run the scheduler", async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // Today's overdue digest (from JOBS_DIGEST_HOUR_WIB, here 00:00 WIB) is one slot: both schedulers tick every second, one run takes it.
      const until = Date.now() + 20_000;
      let runs = 0;
      while (Date.now() < until && runs === 0) {
        runs = (await client.query<{ n: number }>("select count(*)::int as n from job_runs where job = 'overdue_digest'")).rows[0].n;
        if (runs === 0) await new Promise((r) => setTimeout(r, 250));
      }
      await new Promise((r) => setTimeout(r, 3_000)); // several more ticks on each instance
      const after = (await client.query<{ n: number }>("select count(*)::int as n from job_runs where job = 'overdue_digest'")).rows[0].n;
      const { rows } = await client.query<{ recipient: string; kind: string; n: number }>(
        "select recipient, kind, count(*)::int as n from mail_outbox where kind in ('overdue_digest', 'sla_reminder', 'reupload_reminder') group by recipient, kind",
      );
      console.log(
        `faults/two-instances: overdue digest ${after} run(s) after ~${Math.round((Date.now() - until + 20_000) / 1000)} s of both schedulers; ${rows.length} reminder mail(s), most of one kind to one person ${Math.max(0, ...rows.map((r) => r.n))}`,
      );
      expect(runs, "the digest ran").toBe(1);
      expect(after, "and only once").toBe(1);
      expect(
        rows.filter((r) => r.n !== 1),
        "nobody got a reminder twice",
      ).toEqual([]);
    } finally {
      await client.end();
    }
  }, 40_000);

  it("kill -9 of one instance under load loses no acknowledged upload; the proxy sends the rest to the other", async () => {
    const proxyBase = `http://127.0.0.1:${PORTS.proxy}`;
    const token = await tokenOf(proxyBase, "pemohon@adaptasi.test");
    // The Admin's files waiting at the document check: decided through the proxy around the kill.
    const admin = await tokenOf(proxyBase, "admin@adaptasi.test");
    const headers = { [API_KEY_HEADER]: env.API_KEY, authorization: `Bearer ${admin}` };
    await submittedApplication(proxyBase, "pemohon.wna@adaptasi.test");
    const list = (await (await fetch(`${api(proxyBase)}/review/applications?tab=action`, { headers })).json()) as {
      data: Array<{ id: string; may_decide: boolean; open_stage: { id: number } | null }>;
    };
    const toDecide = list.data.filter((r) => r.may_decide && r.open_stage).slice(0, 4);
    expect(toDecide.length, "files waiting for the Admin").toBeGreaterThan(0);
    const decided: string[] = [];
    const decide = async (row: (typeof toDecide)[number]) => {
      try {
        const res = await fetch(`${api(proxyBase)}/review/applications/${row.id}/decisions`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ stage_id: row.open_stage!.id, decision: "PASSED" }),
        });
        if (res.status === 200) decided.push(row.id);
      } catch {
        // not acknowledged: nothing to keep
      }
    };
    // A draft keeps one file per document (saving again replaces it), so each of the three workers uploads
    // to a document of its own, one upload after another: per document, the file on record must be the
    // last one acknowledged, or one sent after it whose answer the kill swallowed.
    const requirements = (await (
      await fetch(`${api(proxyBase)}/document-requirements?jalur=REG`, { headers: { [API_KEY_HEADER]: env.API_KEY, authorization: `Bearer ${token}` } })
    ).json()) as {
      data: Array<{ id: number; allowed_extnames: string; is_active: boolean }>;
    };
    const pngDocs = requirements.data.filter((r) => r.is_active && r.allowed_extnames.split(",").includes("png")).map((r) => r.id);
    expect(pngDocs.length, "three REG documents that take a PNG").toBeGreaterThanOrEqual(3);
    const perDocument = new Map<number, Array<{ n: number; acknowledged: boolean }>>(pngDocs.slice(0, 3).map((id) => [id, []]));
    const acknowledged: string[] = [];
    let failed = 0;
    let sentAfterKill = 0;
    let okAfterKill = 0;
    let killed = false;
    const total = 40;
    let next = 1;
    const worker = async (requirementId: number) => {
      const sent = perDocument.get(requirementId)!;
      while (next <= total) {
        const n = next++;
        if (n === 12 && !killed) {
          killed = true;
          // Decisions on their way while instance A dies.
          void Promise.all(toDecide.map(decide));
          a.child.kill("SIGKILL");
        }
        const after = killed;
        const attempt = { n, acknowledged: false };
        sent.push(attempt);
        try {
          const res = await upload(proxyBase, token, applicationId, n, requirementId);
          if (res.status === 200) {
            attempt.acknowledged = true;
            acknowledged.push(sha256(pngNumbered(n)));
            if (after) okAfterKill++;
          } else failed++;
        } catch {
          failed++;
        }
        if (after) sentAfterKill++;
      }
    };
    await Promise.all([...perDocument.keys()].map(worker));
    await a.exited;
    await new Promise((r) => setTimeout(r, 500)); // the decisions sent at the kill have their answers

    // Every acknowledged upload is on record and readable, through the instance still standing.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ id: string; sha256: string; requirement: number; name: string }>(
      "select f.id, f.sha256, f.original_name as name, d.requirement_id as requirement from files f join application_documents d on d.file_id = f.id where d.application_id = $1",
      [applicationId],
    );
    const decisions = await client.query<{ application_id: string }>(
      "select distinct application_id from audit_log where action = 'DECISION' and application_id = any($1::uuid[])",
      [toDecide.map((r) => r.id)],
    );
    await client.end();
    const recorded = new Set(decisions.rows.map((r) => r.application_id));
    const lostDecisions = decided.filter((id) => !recorded.has(id));
    console.log(
      `faults/two-instances: ${toDecide.length} decisions sent as A was killed: ${decided.length} acknowledged, ${lostDecisions.length} acknowledged lost`,
    );
    expect(lostDecisions).toEqual([]);
    const stored = new Map(rows.map((r) => [r.sha256, r.id]));
    const lost: string[] = [];
    for (const [requirementId, sent] of perDocument) {
      const lastAcknowledged = sent.map((x) => x.acknowledged).lastIndexOf(true);
      if (lastAcknowledged < 0) continue;
      // Which upload a row holds, by the name it was sent under (a document kept as PDF stores other bytes).
      const onRecord = rows.filter((r) => Number(r.requirement) === requirementId).map((r) => Number(/paspor-(\d+)\./.exec(r.name)?.[1] ?? -1));
      // the last acknowledged upload, or a later one whose answer the kill swallowed: never an earlier one, never none
      if (!sent.slice(lastAcknowledged).some((x) => onRecord.includes(x.n)))
        lost.push(
          `doc_${requirementId}: sent ${sent.map((x) => `#${x.n}${x.acknowledged ? "✓" : "✗"}`).join(" ")}; on record ${onRecord.map((n) => `#${n}`).join(" ") || "nothing"}`,
        );
    }
    console.log(
      `faults/two-instances: ${total} uploads through the proxy, instance A killed at #12: ${acknowledged.length} acknowledged, ${failed} failed, ${okAfterKill}/${sentAfterKill} after the kill answered 200, ${lost.length} acknowledged lost`,
    );
    expect(lost).toEqual([]);
    expect(okAfterKill, "the proxy reaches the other instance").toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(total - 6);
    for (const hash of acknowledged.filter((h) => stored.has(h)).slice(-3)) {
      const res = await fetch(`${api(b.base)}/files/${stored.get(hash)}`, { headers: { [API_KEY_HEADER]: env.API_KEY, authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(hash);
    }
  }, 120_000);
});
