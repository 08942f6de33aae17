import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirementsFor } from "#domain/documents";
import { pdf } from "../../../tests/fixtures/files";
import { createApiApp } from "../../app";
import { applicationDocuments, tusUploads } from "../../db/schema";
import { IN_FLIGHT_RETRY_AFTER_SEC } from "../../services/resumable/tus";
import { applicantWithProfile } from "../../test/journeys";
import { createTestApi, requester, TEST_API_KEY, TEST_JWT_SECRET, TEST_RATE_LIMITS, type TestApi } from "../../test/helpers";
import { FIVE_MB_DOC, TUS, tusMetadata } from "../../test/tus";

// tus requests that race one another, and the 429s of the tus server. The
// interleavings are made, not hoped for: the tus store below holds a request at a named point (reading
// the finished upload out, removing it) until the test lets it go, and says when a request got there.

/** A point a request waits at: `reached` resolves when one gets there, `release()` lets it go on. */
function gate() {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((r) => (arrive = r));
  const released = new Promise<void>((r) => (release = r));
  return { reached, release, pass: async () => (arrive(), await released) };
}

/** The disk store with optional gates before the finished upload is read out and before an upload is removed. */
class GatedStore extends FileStore {
  beforeRead?: ReturnType<typeof gate>;
  beforeRemove?: ReturnType<typeof gate>;
  failRead?: Error;
  constructor(options: ConstructorParameters<typeof FileStore>[0]) {
    super(options);
    // The file store reads synchronously; the portal awaits what read answers, so a gated read may wait.
    const plain = FileStore.prototype.read;
    this.read = (async (id: string) => {
      const g = this.beforeRead;
      this.beforeRead = undefined;
      if (g) await g.pass();
      if (this.failRead) throw this.failRead;
      return plain.call(this, id);
    }) as unknown as FileStore["read"];
  }
  override async remove(id: string): Promise<void> {
    const g = this.beforeRemove;
    this.beforeRemove = undefined;
    if (g) await g.pass();
    return super.remove(id);
  }
}

let api: TestApi;
let store: GatedStore;
let request: ReturnType<typeof requester>;
beforeAll(async () => {
  api = await createTestApi({ resumableUploads: { maxPerAccount: 2, maxMbPerAccount: 50 } });
  store = new GatedStore({ directory: path.join(api.filesDir, "tus"), expirationPeriodInMilliseconds: 3_600_000 });
  const app = gatedApp({ resumableUploads: { maxPerAccount: 2, maxMbPerAccount: 50 } });
  request = requester(app);
});
afterAll(() => api?.close());

/** An API app over the test database whose tus store is the gated one, with these settings. */
function gatedApp(config: Partial<Parameters<typeof createApiApp>[0]["config"]>) {
  return createApiApp({
    db: api.db,
    mailer: api.mailer,
    tusStore: store,
    config: { apiKey: TEST_API_KEY, jwtSecret: TEST_JWT_SECRET, logger: pino({ level: "silent" }), filesDir: api.filesDir, ...config },
  });
}

const tusFiles = () => {
  const dir = path.join(api.filesDir, "tus");
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function draftOf(token: string): Promise<string> {
  const res = await request("/api/v1/applications", { token, json: { jalur_id: "REG" } });
  expect(res.status).toBe(201);
  return (await res.json()).data.id as string;
}

const create = (token: string, application: string, size: number, requirement = FIVE_MB_DOC.id) =>
  request("/api/v1/uploads", {
    method: "POST",
    token,
    headers: {
      ...TUS,
      "upload-length": String(size),
      "upload-metadata": tusMetadata({ application, requirement: String(requirement), form: "adaptation", filename: "ijazah.pdf" }),
    },
  });
const patch = (token: string, location: string, offset: number, chunk: Buffer) =>
  request(location, {
    method: "PATCH",
    token,
    headers: { ...TUS, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    body: new Uint8Array(chunk),
  });
const cancel = (token: string, location: string) => request(location, { method: "DELETE", token, headers: TUS });

const stored = (application: string) =>
  api.db
    .select({ id: applicationDocuments.id })
    .from(applicationDocuments)
    .where(and(eq(applicationDocuments.applicationId, application), eq(applicationDocuments.requirementId, FIVE_MB_DOC.id)));

/** An upload of a small PDF begun for a fresh applicant's draft, all but its last 100 bytes sent. */
async function begun() {
  const { token } = await applicantWithProfile(api);
  const application = await draftOf(token);
  const bytes = await pdf();
  const created = await create(token, application, bytes.length);
  expect(created.status).toBe(201);
  const location = created.headers.get("location")!;
  const cut = bytes.length - 100;
  expect((await patch(token, location, 0, bytes.subarray(0, cut))).status).toBe(204);
  return { token, application, location, id: location.split("/").pop()!, last: () => patch(token, location, cut, bytes.subarray(cut)) };
}

/** A body has no 5xx's internals: no server path, no stack. */
function expectNoInternals(text: string) {
  expect(text).not.toContain(api.filesDir);
  expect(text).not.toMatch(/ENOENT|\/tmp\/|at \w+ \(/);
}

describe("a PATCH racing a DELETE of the same upload", () => {
  it("a DELETE while the last chunk is being checked answers 409, and the document is stored", async () => {
    const u = await begun();
    const reading = (store.beforeRead = gate());
    const finishing = u.last();
    // The last byte is written; the check is about to read the upload out of the store.
    await reading.reached;
    const deleted = await cancel(u.token, u.location);
    const deletedText = await deleted.text();
    expect(deleted.status).toBe(409);
    expect(JSON.parse(deletedText).error.code).toBe("UPLOAD_FINISHED");
    expectNoInternals(deletedText);
    reading.release();
    const finished = await finishing;
    expect(finished.status).toBe(200);
    expect((await finished.json()).data.saved).toEqual([FIVE_MB_DOC.id]);
    expect(await stored(u.application)).toHaveLength(1);
    expect(tusFiles().filter((f) => f.startsWith(u.id))).toEqual([]);
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.id, u.id))).toEqual([]);
  });

  it("a DELETE that took the upload's lock first answers 204, the last chunk then 404, and nothing is stored", async () => {
    const u = await begun();
    const removing = (store.beforeRemove = gate());
    const deleting = cancel(u.token, u.location);
    // The DELETE holds the upload's lock and is about to remove it; the last chunk arrives now.
    await removing.reached;
    const finishing = u.last();
    removing.release();
    const [deleted, finished] = await Promise.all([deleting, finishing]);
    expect(deleted.status).toBe(204);
    expect(finished.status).toBe(404);
    expectNoInternals(await finished.text());
    expect(await stored(u.application)).toEqual([]);
    expect(tusFiles().filter((f) => f.startsWith(u.id))).toEqual([]);
  });

  it("an error at the last byte that is no refusal answers 500 without the server's path or message", async () => {
    const u = await begun();
    store.failRead = Object.assign(new Error(`ENOENT: no such file or directory, open '${path.join(api.filesDir, "tus", u.id)}'`), { code: "ENOENT" });
    try {
      const res = await u.last();
      const text = await res.text();
      expect(res.status).toBe(500);
      expect(JSON.parse(text).error.code).toBe("INTERNAL_ERROR");
      expectNoInternals(text);
    } finally {
      store.failRead = undefined;
    }
    expect(await stored(u.application)).toEqual([]);
  });
});

describe("the tus server's 429s carry Retry-After", () => {
  it("past the uploads in flight: 429 UPLOADS_IN_FLIGHT with Retry-After", async () => {
    const { token } = await applicantWithProfile(api);
    const application = await draftOf(token);
    const others = requirementsFor("REG").map((r) => r.id);
    expect((await create(token, application, 1000, others[0])).status).toBe(201);
    expect((await create(token, application, 1000, others[1])).status).toBe(201);
    const over = await create(token, application, 1000, others[2]);
    expect(over.status).toBe(429);
    expect((await over.json()).error.code).toBe("UPLOADS_IN_FLIGHT");
    expect(over.headers.get("retry-after")).toBe(String(IN_FLIGHT_RETRY_AFTER_SEC));
  });

  it("past the uploads of the minute: 429 RATE_LIMITED with Retry-After", async () => {
    const limited = requester(gatedApp({ rateLimits: { ...TEST_RATE_LIMITS, uploadsPerMinute: 1 } }));
    const { token } = await applicantWithProfile(api);
    const application = await draftOf(token);
    const headers = (requirement: number) => ({
      ...TUS,
      "upload-length": "1000",
      "upload-metadata": tusMetadata({ application, requirement: String(requirement), form: "adaptation", filename: "a.pdf" }),
    });
    expect((await limited("/api/v1/uploads", { method: "POST", token, headers: headers(FIVE_MB_DOC.id) })).status).toBe(201);
    const over = await limited("/api/v1/uploads", { method: "POST", token, headers: headers(requirementsFor("REG").find((r) => r.id !== FIVE_MB_DOC.id)!.id) });
    expect(over.status).toBe(429);
    expect((await over.json()).error.code).toBe("RATE_LIMITED");
    const wait = Number(over.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });
});
