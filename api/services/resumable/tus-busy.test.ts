import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { ERRORS } from "@tus/utils";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiDeps } from "../deps";
import { BUSY_RETRY_AFTER_SEC, createTusServer, handleAs } from "./tus";

// A request that waits too long for an upload's lock (tus-node-server's ERR_LOCK_TIMEOUT, a 500 of its own)
// is no fault of ours: it is answered 423 UPLOAD_BUSY with Retry-After, which the resumable client retries.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "tus-busy-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The tus server as the API builds it; only what its construction and error answer read is given. */
function tusServer() {
  const deps = {
    db: {},
    config: { logger: pino({ level: "silent" }), resumableUploads: { expiryHours: 24, maxInFlight: 3 } },
    tusStore: new FileStore({ directory: dir }),
  } as unknown as ApiDeps;
  return createTusServer(deps, "/api/v1/uploads");
}

describe("tus: a lock not acquired in time", () => {
  it("is answered 423 UPLOAD_BUSY in the API's error shape, not 500", async () => {
    const server = tusServer();
    const req = new Request("http://api.internal/api/v1/uploads/abc", { method: "PATCH" });
    const answer = await server.options.onResponseError!(req, ERRORS.ERR_LOCK_TIMEOUT);
    expect(answer).toMatchObject({ status_code: 423 });
    expect(JSON.parse((answer as { body: string }).body)).toMatchObject({ error: { code: "UPLOAD_BUSY" } });
  });

  it("carries Retry-After on the answer handleAs gives", async () => {
    const server = tusServer();
    // the tus server's own answer path: a lock timeout thrown from inside the handling of a request
    server.options.onIncomingRequest = () => Promise.reject(ERRORS.ERR_LOCK_TIMEOUT);
    const req = new Request("http://api.internal/api/v1/uploads/abc", { method: "HEAD", headers: { "tus-resumable": "1.0.0" } });
    const res = await handleAs(server, req, { id: "u1" } as Parameters<typeof handleAs>[2]);
    expect(res.status).toBe(423);
    expect(res.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_SEC));
    expect((await res.json()) as unknown).toMatchObject({ error: { code: "UPLOAD_BUSY" } });
  });

  it("leaves tus-node-server's other errors as they were: its own 4xx as they are, a 500 as ours without its words", async () => {
    const server = tusServer();
    const req = new Request("http://api.internal/api/v1/uploads/abc", { method: "PATCH" });
    expect(await server.options.onResponseError!(req, ERRORS.FILE_NOT_FOUND)).toBeUndefined();
    const failed = await server.options.onResponseError!(req, ERRORS.FILE_WRITE_ERROR);
    expect(failed).toMatchObject({ status_code: 500 });
    expect((failed as { body: string }).body).not.toContain(ERRORS.FILE_WRITE_ERROR.body);
  });
});
