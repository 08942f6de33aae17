import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throwawayDatabase } from "../../api/test/throwaway-database.mjs";
import { pdf } from "../fixtures/files";
import { apiClient, apiLogin, ensureBuild, portalLogin, sql, startServer, stopServer, strongSecrets, tempDir, type Running } from "./server";

// The restore drill of docs/operations.md, done for real: a portal on PostgreSQL migrates and seeds
// its database, an applicant starts an application and uploads a document; the operator backs up
// (pg_dump -Fc + a copy of the uploads folder), restores into a fresh database and folder, starts the
// portal there, and everything is back: the accounts log in, the application and its file are whole.
// Between the two steps of the backup (the dump, then the copy of the files) the portal keeps running and
// deletes files — a draft's document replaced, an account deleted by its owner, a deletion request
// approved — as the documented order allows: their bytes stay for FILE_DELETE_GRACE_DAYS
// (api/services/storage/file-deletions.ts), so every file the restored database names downloads.

const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PG_BIN = process.env.PG_BIN ?? "/usr/bin";
const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

const drops: Array<() => Promise<void>> = [];
const dirs: string[] = [];
let server: Running | undefined;

beforeAll(async () => {
  await ensureBuild();
}, 240_000);

afterAll(async () => {
  await stopServer(server, "SIGKILL");
  for (const drop of drops) await drop().catch(() => {});
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const dir = (name: string) => {
  const d = tempDir(name);
  dirs.push(d);
  return d;
};

describe("backup and restore drill", () => {
  it("pg_dump, files deleted meanwhile (a draft replaced, an account deleted, a deletion approved), then the uploads folder: restored into a fresh database and folder, accounts, applications and every named file come back", async () => {
    const started = Date.now();
    const secrets = strongSecrets();
    const source = await throwawayDatabase(PG_SERVER, "adaptasi_drill_src");
    drops.push(source.drop);
    const sourceDir = dir("drill-src");

    // 1. A portal on PostgreSQL: the start migrates and (asked to, outside production) seeds the demo data.
    server = await startServer({ NODE_ENV: "test", PORT: "3485", DATABASE_URL: source.url, SEED_DEMO: "true", DATA_DIR: sourceDir, ...secrets });
    const api = apiClient(server);
    const token = await apiLogin(server, "pemohon@adaptasi.test");
    const draft = await api("/applications", { token, json: { jalur_id: "REG" } });
    expect(draft.status).toBe(201);
    const appId = ((await draft.json()) as { data: { id: string } }).data.id;
    const bytes = new Uint8Array(Buffer.concat([Buffer.from(await pdf()), Buffer.from("\n%restore-drill\n")]));
    const form = new FormData();
    form.append("doc_1", new Blob([bytes], { type: "application/pdf" }), "ijazah.pdf");
    const upload = await api(`/applications/${appId}/documents`, { token, body: form });
    expect(upload.status).toBe(200);
    // A second applicant's file is submitted (as a test marks one): they will ask for their account's deletion.
    const wna = await apiLogin(server, "pemohon.wna@adaptasi.test");
    const wnaDraft = await api("/applications", { token: wna, json: { jalur_id: "REG" } });
    expect(wnaDraft.status).toBe(201);
    const wnaAppId = ((await wnaDraft.json()) as { data: { id: string } }).data.id;
    const wnaForm = new FormData();
    wnaForm.append("doc_1", new Blob([bytes], { type: "application/pdf" }), "ijazah-wna.pdf");
    expect((await api(`/applications/${wnaAppId}/documents`, { token: wna, body: wnaForm })).status).toBe(200);
    await sql(
      source.url,
      `update applications set is_submitted = true, submitted_at = now(), stage_id = 1, reached_stages = '{1}', status = 'IN-PROGRESS', open_stage_id = 1,
         stage_started_at = now(), deadline_at = now() + interval '14 days' where id = '${wnaAppId}'`,
    );
    expect((await api("/me/deletion-request", { token: wna, json: {} })).status).toBe(201);
    const [request] = await sql<{ id: number }>(source.url, "select id from deletion_requests where status = 'PENDING'");

    // 2. Backup, step 1: the database in pg_dump's custom format, while the portal runs.
    const backupDir = dir("drill-backup");
    const dumpFile = path.join(backupDir, "adaptasi.dump");
    execFileSync(path.join(PG_BIN, "pg_dump"), ["--format=custom", "--no-owner", `--file=${dumpFile}`, source.url], { stdio: "pipe" });
    // Meanwhile: the draft's document replaced, then the account deleted by its owner; the deletion request approved.
    const again = new FormData();
    again.append("doc_1", new Blob([bytes], { type: "application/pdf" }), "ijazah-baru.pdf");
    expect((await api(`/applications/${appId}/documents`, { token, body: again })).status).toBe(200);
    expect((await api("/me/account", { method: "DELETE", token })).status).toBe(200);
    const superadmin = await apiLogin(server, "superadmin@adaptasi.test");
    const approved = await api(`/admin/deletion-requests/${request.id}/decision`, {
      token: superadmin,
      json: { decision: "APPROVE", reason: "Permintaan penghapusan data pribadi disetujui." },
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    // Nothing was removed from storage yet: the deletions wait for the grace.
    expect(await sql(source.url, "select count(*)::int as n from file_deletions")).toEqual([{ n: 3 }]);
    await stopServer(server);
    server = undefined;
    // Backup, step 2: the uploads folder.
    cpSync(path.join(sourceDir, "files"), path.join(backupDir, "files"), { recursive: true });
    await source.drop(); // the original is gone: only the backup remains

    // 3. Restore into a fresh database and a fresh data folder.
    const target = await throwawayDatabase(PG_SERVER, "adaptasi_drill_dst");
    drops.push(target.drop);
    execFileSync(path.join(PG_BIN, "pg_restore"), ["--no-owner", "--exit-on-error", `--dbname=${target.url}`, dumpFile], { stdio: "pipe" });
    const targetDir = dir("drill-dst");
    cpSync(path.join(backupDir, "files"), path.join(targetDir, "files"), { recursive: true });

    // 4. Start on the restored database (no seeding asked): the data is there.
    server = await startServer({ NODE_ENV: "test", PORT: "3486", DATABASE_URL: target.url, DATA_DIR: targetDir, ...secrets });
    const api2 = apiClient(server);
    for (const email of ["pemohon@adaptasi.test", "admin@adaptasi.test", "superadmin@adaptasi.test"]) {
      await apiLogin(server, email); // throws unless 200
    }
    expect(await portalLogin(server, "pemohon@adaptasi.test")).toMatch(/=/);
    const token2 = await apiLogin(server, "pemohon@adaptasi.test");
    const view = await api2(`/applications/${appId}`, { token: token2 });
    expect(view.status).toBe(200);
    const documents = ((await view.json()) as { data: { documents: Array<{ requirement_id: number; file_id: string }> } }).data.documents;
    const doc = documents.find((d) => d.requirement_id === 1);
    expect(doc, "the uploaded document is listed").toBeDefined();
    const file = await api2(`/files/${doc!.file_id}`, { token: token2 });
    expect(file.status).toBe(200);
    expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(sha256(bytes));
    // Every file the restored database names downloads, by its owner, whole.
    const named = await sql<{ id: string; size: number; sha256: string; email: string }>(
      target.url,
      "select f.id, f.size, f.sha256, u.email from files f join users u on u.id = f.owner_user_id order by f.created_at",
    );
    expect(named.map((f) => f.email).sort()).toEqual(["pemohon.wna@adaptasi.test", "pemohon@adaptasi.test"]);
    for (const f of named) {
      const res = await api2(`/files/${f.id}`, { token: await apiLogin(server, f.email) });
      expect(res.status, `${f.email}'s file ${f.id}`).toBe(200);
      const body = new Uint8Array(await res.arrayBuffer());
      expect(body.length).toBe(f.size);
      expect(sha256(body)).toBe(f.sha256);
    }
    await stopServer(server);
    server = undefined;
    console.log(`faults/restore-drill: dump → restore → start → login + application + file whole in ${Date.now() - started} ms`);
  }, 180_000);
});
