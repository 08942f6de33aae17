import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf } from "../fixtures/files";
import { apiClient, apiLogin, ensureBuild, startServer, stopServer, strongSecrets, tempDir, type Running } from "./server";

// Faults: kill -9 the server during 10 parallel uploads and a submission, restart on the same
// DATA_DIR, and check that the database and the file storage agree.

const PORT = "3371";
const sha256 = (b: Buffer | Uint8Array) => createHash("sha256").update(b).digest("hex");

let dataDir: string;
let server: Running | undefined;
const secrets = strongSecrets();
const env = () => ({
  NODE_ENV: "test", // the first start seeds the demo data on the embedded store
  PORT,
  DATA_DIR: dataDir,
  ...secrets,
  RATE_LIMIT_LOGIN_PER_ACCOUNT: "1000",
  RATE_LIMIT_LOGIN_PER_IP: "1000",
});

beforeAll(async () => {
  await ensureBuild();
  dataDir = tempDir("crash");
}, 240_000);

afterAll(async () => {
  await stopServer(server, "SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Sent {
  field: number;
  bytes: Buffer;
  sha: string;
  /** the server answered 2xx with this requirement saved */
  acked: boolean;
}

/** A real PDF with a comment of random bytes after it: unique, about `kb` KiB, stored as it is. */
async function payload(base: Uint8Array, kb: number): Promise<Buffer> {
  return Buffer.concat([Buffer.from(base), Buffer.from(`\n%${randomBytes(kb * 512).toString("hex")}\n`)]);
}

/** A multipart body that sends its first half, then waits for `hold` before sending the rest. */
function slowBody(form: Blob, hold: Promise<void>): ReadableStream<Uint8Array> {
  let sentHalf = false;
  return new ReadableStream({
    async pull(controller) {
      const all = new Uint8Array(await form.arrayBuffer());
      if (!sentHalf) {
        sentHalf = true;
        controller.enqueue(all.subarray(0, all.length >> 1));
        return;
      }
      await hold;
      controller.enqueue(all.subarray(all.length >> 1));
      controller.close();
    },
  });
}

describe("kill -9 during 10 parallel uploads and a submission", () => {
  it("restarts with every acknowledged upload intact, nothing half-written visible, the submission whole or absent", async () => {
    server = await startServer(env());
    const api = apiClient(server);
    const base = await pdf();

    // Applicant A: a REG draft that takes the 10 uploads (7 fields; some get two versions).
    const tokenA = await apiLogin(server, "pemohon@adaptasi.test");
    const draftA = await api("/applications", { token: tokenA, json: { jalur_id: "REG" } });
    expect(draftA.status).toBe(201);
    const appA = ((await draftA.json()) as { data: { id: string } }).data.id;

    // Applicant B: an OTH draft with every document, ready to submit.
    const tokenB = await apiLogin(server, "pemohon.wna@adaptasi.test");
    const draftB = await api("/applications", { token: tokenB, json: { jalur_id: "OTH" } });
    expect(draftB.status).toBe(201);
    const appB = ((await draftB.json()) as { data: { id: string } }).data.id;
    const every = new FormData();
    for (const id of [21, 22, 23, 24, 25, 26, 27, 28]) every.append(`doc_${id}`, new Blob([new Uint8Array(await payload(base, 4))]), `dok-${id}.pdf`);
    const prepared = await api(`/applications/${appB}/documents`, { token: tokenB, body: every });
    expect(prepared.status).toBe(200);
    expect(((await prepared.json()) as { data: { saved: number[] } }).data.saved).toHaveLength(8);

    // Five uploads at full speed, five that stop halfway until the kill.
    let releaseSlow!: () => void;
    const killed = new Promise<void>((r) => (releaseSlow = r));
    const fields = [1, 2, 3, 4, 5, 6, 7, 1, 4, 6];
    const sent: Sent[] = [];
    for (const field of fields) {
      const bytes = await payload(base, 1200); // ~1.2 MB, under the 2 MB limit
      sent.push({ field, bytes, sha: sha256(bytes), acked: false });
    }
    let acks = 0;
    let onAck: () => void = () => {};
    const uploads = sent.map(async (s, i) => {
      const form = new FormData();
      form.append(`doc_${s.field}`, new Blob([new Uint8Array(s.bytes)], { type: "application/pdf" }), `berkas-${i}.pdf`);
      const slow = i >= 5;
      let init: RequestInit & { duplex?: "half" } = { body: form };
      if (slow) {
        const req = new Request("http://x/", { method: "POST", body: form });
        const blob = await req.blob();
        init = { body: slowBody(blob, killed), duplex: "half", headers: { "content-type": req.headers.get("content-type")! } };
      }
      try {
        const res = await fetch(`${server!.base}/api/v1/applications/${appA}/documents`, {
          method: "POST",
          ...init,
          headers: { "x-adaptasiapikey": secrets.API_KEY, authorization: `Bearer ${tokenA}`, ...(init.headers as Record<string, string>) },
        });
        const body = (await res.json()) as { data?: { saved: number[] } };
        if (res.ok && body.data?.saved.includes(s.field)) {
          s.acked = true;
          acks += 1;
          onAck();
        }
      } catch {
        // cut off by the kill: not acknowledged
      }
    });

    // The submission goes out with the first acknowledgement; the kill follows the second.
    let submitAnswer: number | null = null;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 30_000);
      onAck = () => {
        if (acks === 1) {
          void api(`/applications/${appB}/submit`, { token: tokenB, json: { idempotency_key: "crash-1" } }).then(
            (r) => (submitAnswer = r.status),
            () => {},
          );
        }
        if (acks >= 2) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    server.child.kill("SIGKILL");
    await server.exited;
    releaseSlow();
    await Promise.allSettled(uploads);
    const acked = sent.filter((s) => s.acked);
    expect(acked.length).toBeGreaterThanOrEqual(2);
    expect(sent.slice(5).every((s) => !s.acked)).toBe(true); // the held-back ones never finished

    // Restart on the same DATA_DIR: PGlite opens and recovers.
    server = await startServer(env());
    const api2 = apiClient(server);
    const tokenA2 = await apiLogin(server, "pemohon@adaptasi.test");
    const viewA = (
      (await (await api2(`/applications/${appA}`, { token: tokenA2 })).json()) as {
        data: { documents: Array<{ requirement_id: number; file_id: string; size: number }> };
      }
    ).data;
    // Whatever a user can see is a whole file that was sent.
    const full = new Set(sent.map((s) => s.sha));
    for (const d of viewA.documents) {
      const res = await api2(`/files/${d.file_id}`, { token: tokenA2 });
      expect(res.status).toBe(200);
      const got = Buffer.from(await res.arrayBuffer());
      expect(full.has(sha256(got)), `document ${d.requirement_id} is one of the files sent, whole`).toBe(true);
      expect(got.length).toBe(d.size);
    }
    // Every acknowledged field shows a document (its version, or a later one).
    for (const s of acked) expect(viewA.documents.some((d) => d.requirement_id === s.field)).toBe(true);

    // The submission: all of it or none of it; after the restart it can be sent again, exactly once.
    const tokenB2 = await apiLogin(server, "pemohon.wna@adaptasi.test");
    type View = { is_submitted: boolean; status: string | null; tahap: unknown; submitted_at: string | null; timeline: Array<{ action: string }> };
    const viewB = ((await (await api2(`/applications/${appB}`, { token: tokenB2 })).json()) as { data: View }).data;
    if (viewB.is_submitted) {
      expect(viewB).toMatchObject({ status: "IN-PROGRESS" });
      expect(viewB.tahap).not.toBeNull();
      expect(viewB.submitted_at).not.toBeNull();
      expect(viewB.timeline.length).toBeGreaterThanOrEqual(1);
    } else {
      expect(submitAnswer).not.toBe(200); // an acknowledged submission never disappears
      expect(viewB).toMatchObject({ status: null, tahap: null, submitted_at: null, timeline: [] });
    }
    const again = await api2(`/applications/${appB}/submit`, { token: tokenB2, json: { idempotency_key: "crash-1" } });
    expect(again.status).toBe(200);
    const after = ((await again.json()) as { data: View }).data;
    expect(after.is_submitted).toBe(true);
    expect(after.timeline).toHaveLength(viewB.is_submitted ? viewB.timeline.length : 1);
    await stopServer(server);
    server = undefined;

    // The store itself: every file row points at a whole file; every acknowledged upload has its row.
    const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
    try {
      const rows = (
        await db.query<{ id: string; storage_key: string; size: number; sha256: string; application_id: string | null }>(
          `select f.id, f.storage_key, f.size, f.sha256, d.application_id from files f left join application_documents d on d.file_id = f.id`,
        )
      ).rows;
      const filesDir = path.join(dataDir, "files");
      for (const r of rows) {
        const p = path.join(filesDir, r.storage_key);
        expect(existsSync(p), `file of row ${r.id}`).toBe(true);
        const bytes = readFileSync(p);
        expect(bytes.length).toBe(r.size);
        expect(sha256(bytes)).toBe(r.sha256);
      }
      for (const s of acked) {
        expect(
          rows.some((r) => r.sha256 === s.sha && r.application_id === appA),
          `acknowledged upload to doc_${s.field}`,
        ).toBe(true);
      }
      // Temporary files a crash leaves behind are never under a storage key, so nothing can serve them.
      const keys = new Set(rows.map((r) => r.storage_key));
      const leftovers = readdirSync(filesDir, { recursive: true, encoding: "utf8" }).filter((f) => /\.(tmp|part)$/.test(f));
      for (const f of leftovers) expect(keys.has(f)).toBe(false);
      console.log(
        `faults/crash: ${sent.length} uploads (${acked.length} acknowledged before kill -9), submission answered ${submitAnswer ?? "nothing"}, ` +
          `${rows.length} file rows checked by sha256, ${leftovers.length} temporary leftovers not served`,
      );
    } finally {
      await db.close();
    }
  }, 150_000);
});
