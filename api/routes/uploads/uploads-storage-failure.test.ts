import { Writable } from "node:stream";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { ERRORS } from "@tus/server";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "../../app";
import { liveService } from "../../db/schema";
import { createDiskStorage, diskMarker } from "../../services/storage/storage";
import { ownedStorage } from "../../services/storage/owner";
import { applicantWithProfile } from "../../test/journeys";
import { createTestApi, requester, TEST_API_KEY, TEST_JWT_SECRET, type TestApi } from "../../test/helpers";
import { FIVE_MB_DOC, TUS, tusMetadata } from "../../test/tus";

// A resumable upload whose storage fails: a disk full or refusing writes makes the tus
// store throw its own FILE_WRITE_ERROR, which tus-node-server answers 500 by itself. It must leave an error
// line in the log and one report to Sentry (reportError), and answer the API's JSON 500 without internals.
// A copy's read-only storage (api/services/storage/owner.ts) is a refusal, not a failure: 503, no error line.

/** The disk store, failing every write as it does when the disk refuses one (ENOSPC, EIO, EACCES). */
class FailingStore extends FileStore {
  override async write(readable: NodeJS.ReadableStream): Promise<number> {
    await new Promise<void>((resolve) => readable.pipe(new Writable({ write: (_c, _e, cb) => cb() })).on("finish", resolve));
    throw ERRORS.FILE_WRITE_ERROR;
  }
}

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

/** The app on `api`'s database with its log lines and its reports to Sentry kept. */
function appWith(opts: { tusStore?: FileStore; storage?: ReturnType<typeof ownedStorage> } = {}) {
  const lines: Array<{ level: number; msg: string; component?: string }> = [];
  const reports: unknown[] = [];
  const logger = pino({ level: "info" }, new Writable({ write: (chunk, _e, cb) => (lines.push(JSON.parse(String(chunk))), cb()) }));
  const app = createApiApp({
    db: api.db,
    mailer: api.mailer,
    storage: opts.storage,
    tusStore: opts.tusStore ?? new FileStore({ directory: path.join(api.filesDir, "tus"), expirationPeriodInMilliseconds: 3_600_000 }),
    config: { apiKey: TEST_API_KEY, jwtSecret: TEST_JWT_SECRET, logger, filesDir: api.filesDir, reportError: (err) => reports.push(err) },
  });
  return { request: requester(app), lines, reports };
}

async function begin(request: ReturnType<typeof requester>, token: string, size: number) {
  const draft = await request("/api/v1/applications", { token, json: { jalur_id: "REG" } });
  expect(draft.status).toBe(201);
  const application = (await draft.json()).data.id as string;
  return request("/api/v1/uploads", {
    method: "POST",
    token,
    headers: {
      ...TUS,
      "upload-length": String(size),
      "upload-metadata": tusMetadata({ application, requirement: String(FIVE_MB_DOC.id), form: "adaptation", filename: "ijazah.pdf" }),
    },
  });
}

describe("a resumable upload whose storage fails", () => {
  it("answers the API's 500, logs one error line and reports it to Sentry once", async () => {
    const { request, lines, reports } = appWith({
      tusStore: new FailingStore({ directory: path.join(api.filesDir, "tus"), expirationPeriodInMilliseconds: 3_600_000 }),
    });
    const { token } = await applicantWithProfile(api);
    const created = await begin(request, token, 1000);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const res = await request(location.startsWith("/") ? location : new URL(location).pathname, {
      method: "PATCH",
      token,
      headers: { ...TUS, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: new Uint8Array(1000),
    });
    expect(res.status).toBe(500);
    expect((await res.json()).error.code).toBe("INTERNAL_ERROR");
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ component: "tus", msg: "a resumable upload's request failed" });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toBeInstanceOf(Error);
    expect(String((reports[0] as Error).message)).toContain("Something went wrong receiving the file");
  });
});

describe("a resumable upload on a copy whose storage belongs to another PUBLIC_URL", () => {
  it("is refused with 503 STORAGE_READ_ONLY before any byte is written, and no error line", async () => {
    await api.db.insert(liveService).values({ publicUrl: "https://adaptasi.example.go.id", recordedBy: "test" }).onConflictDoNothing();
    const marker = diskMarker(api.filesDir);
    await marker.writeOwner("https://adaptasi.example.go.id", "test");
    const storage = ownedStorage({
      storage: createDiskStorage(api.filesDir),
      marker,
      db: api.db,
      publicUrl: "http://127.0.0.1:3999",
      logger: pino({ level: "silent" }),
    });
    const { request, lines, reports } = appWith({ storage });
    const { token } = await applicantWithProfile(api);
    const refused = await begin(request, token, 1000);
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.code).toBe("STORAGE_READ_ONLY");
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(reports).toEqual([]);
  });
});
