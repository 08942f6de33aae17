import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { get, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiFetch } from "../app/utils/api.server";
import { GUIDEBOOK_PATH } from "../app/utils/guidebook";
import { passRejections } from "./errors";
import { serveGuidebook } from "./guidebook";

let dir: string;
let bundledFile: string;
let server: Server;
let base: string;
let upstream: ApiFetch;
const seen: Request[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "guidebook-"));
  bundledFile = path.join(dir, "bawaan.pdf");
  await writeFile(bundledFile, "%PDF-1.4 bawaan");
  const app = express();
  app.get(
    GUIDEBOOK_PATH,
    passRejections(serveGuidebook({ fetch: (r) => (seen.push(r), upstream(r)), apiBase: "http://api.internal", apiKey: "kunci", bundledFile })),
  );
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}${GUIDEBOOK_PATH}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** A conditional GET as a browser sends it (fetch would add Cache-Control: no-cache). */
function conditional(headers: Record<string, string>): Promise<{ status: number; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(base, { headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
    }).on("error", reject);
  });
}

describe("serveGuidebook", () => {
  it("serves the bundled PDF with a short cache and revalidation when nothing was uploaded", async () => {
    upstream = async () => Response.json({ error: { code: "NOT_FOUND", message: "x" } }, { status: 404 });
    const res = await fetch(base);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(await res.text()).toBe("%PDF-1.4 bawaan");
    const etag = res.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect(res.headers.get("last-modified")).toBeTruthy();
    expect((await conditional({ "if-none-match": etag })).status).toBe(304);
    expect((await conditional({ "if-modified-since": res.headers.get("last-modified")! })).status).toBe(304);
    expect(seen.at(-1)!.headers.get("x-adaptasiapikey")).toBe("kunci");
    expect(new URL(seen.at(-1)!.url).pathname).toBe("/api/v1/cms/guidebook");
  });

  it("relays the uploaded PDF and the API's 304, passing the conditional headers on", async () => {
    const headers = {
      "content-type": "application/pdf",
      etag: '"abc"',
      "last-modified": "Mon, 01 Mar 2027 00:00:00 GMT",
      "cache-control": "public, max-age=300, must-revalidate",
      "content-security-policy": "sandbox",
    };
    upstream = async (r) =>
      r.headers.get("if-none-match") === '"abc"' ? new Response(null, { status: 304, headers }) : new Response("%PDF-1.7 unggahan", { status: 200, headers });
    const res = await fetch(base);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe('"abc"');
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(await res.text()).toBe("%PDF-1.7 unggahan");
    expect(await conditional({ "if-none-match": '"abc"' })).toEqual({ status: 304, etag: '"abc"' });
  });

  it("falls back to the bundled PDF when the API cannot be reached", async () => {
    upstream = async () => {
      throw new Error("down");
    };
    const res = await fetch(base);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("%PDF-1.4 bawaan");
  });
});
