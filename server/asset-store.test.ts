import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { publishAssets, storedAssets } from "./asset-store";
import { passRejections } from "./errors";

// The shared store of every release's hashed assets (docs/operations.md "Stopping and updating"). The
// rolling update itself, two builds behind the documented nginx: tests/faults/rolling-update.test.ts.

const root = mkdtempSync(path.join(tmpdir(), "adaptasi-asset-store-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function build(name: string, files: Record<string, string | Buffer>): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, body] of Object.entries(files)) writeFileSync(path.join(dir, file), body);
  return dir;
}

const DAY = 86_400_000;

describe("the asset store", () => {
  it("keeps every release's files, marks a running release's again, and removes a release no instance marked for the kept days", async () => {
    const store = path.join(root, "store-1");
    const releaseN = build("n", { "entry-AAAA.js": "n", "shell-BBBB.js": "shared" });
    const releaseN1 = build("n1", { "entry-CCCC.js": "n+1", "shell-BBBB.js": "shared" });
    const t0 = new Date("2026-11-01T00:00:00Z");
    expect(await publishAssets(releaseN, store, 30, t0)).toEqual({ added: 2, removed: 0 });
    expect(await publishAssets(releaseN1, store, 30, new Date(t0.getTime() + DAY))).toEqual({ added: 1, removed: 0 });
    expect(readdirSync(store).sort()).toEqual(["entry-AAAA.js", "entry-CCCC.js", "shell-BBBB.js"]);
    // N still runs 20 days later and marks its files; 40 days on, N+1's start keeps them (marked 20 days ago)…
    await publishAssets(releaseN, store, 30, new Date(t0.getTime() + 20 * DAY));
    expect(await publishAssets(releaseN1, store, 30, new Date(t0.getTime() + 40 * DAY))).toEqual({ added: 0, removed: 0 });
    // …and once N has not marked them for 30 days, they go; what N+1 uses stays.
    expect(await publishAssets(releaseN1, store, 30, new Date(t0.getTime() + 51 * DAY))).toEqual({ added: 0, removed: 1 });
    expect(readdirSync(store).sort()).toEqual(["entry-CCCC.js", "shell-BBBB.js"]);
  });

  it("serves a stored asset, its brotli variant when the browser takes it, and passes on what it does not hold", async () => {
    const store = path.join(root, "store-2");
    const body = "export const x = 1;\n".repeat(100);
    await publishAssets(build("r", { "route-DDDD.js": body, "route-DDDD.js.br": brotliCompressSync(body) }), store, 30);
    const app = express();
    app.use("/assets", passRejections(storedAssets(store)));
    app.use((_req, res) => res.status(404).send("not found"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
      const br = await fetch(`${base}/route-DDDD.js`, { headers: { "accept-encoding": "br" } });
      expect(br.status).toBe(200);
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(br.headers.get("content-type")).toBe("text/javascript");
      expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await br.text()).toBe(body); // fetch decodes it
      const plain = await fetch(`${base}/route-DDDD.js`, { headers: { "accept-encoding": "identity" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toBe(body);
      expect((await fetch(`${base}/route-EEEE.js`)).status).toBe(404);
      expect((await fetch(`${base}/..%2Fsecrets.json`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
