import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { describe, expect, it } from "vitest";
import { passRejections } from "./errors";
import { createRequestHandler, writeBody } from "./remix-handler";
import { formBodies } from "./request-body";
import { miniBuild } from "./test/mini-remix";
import { WHOLE_PAGE_BYTES, wholePageResponse } from "../app/utils/whole-page";

describe("the adapter it follows (@remix-run/express)", () => {
  /** A build with one resource route that answers what Remix received, and a few headers of its own. */
  function echoBuild(): ServerBuild {
    const echo = async ({ request }: { request: Request }) => {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, key) => (headers[key] = value));
      const body = request.method === "GET" || request.method === "HEAD" ? null : await request.text();
      const answer = new Headers({ "content-type": "application/json", "x-echo": "1" });
      answer.append("set-cookie", "a=1; Path=/");
      answer.append("set-cookie", "b=2; Path=/");
      return new Response(JSON.stringify({ url: request.url, method: request.method, headers, body }), { status: 201, statusText: "Made", headers: answer });
    };
    const routes = {
      root: { id: "root", path: "", module: { default: () => null } },
      "routes/echo": { id: "routes/echo", parentId: "root", path: "echo/*", module: { loader: echo, action: echo } },
    };
    return { ...miniBuild(), routes } as unknown as ServerBuild;
  }

  async function serve(app: express.Express): Promise<{ base: string; close: () => Promise<void> }> {
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    return { base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
  }

  it("hands Remix the request the adapter would, and writes its answer the same way (bodies aside)", async () => {
    const require = createRequire(import.meta.url);
    const theirs = express();
    theirs.set("trust proxy", 1);
    theirs.all(
      "*",
      passRejections((require("@remix-run/express") as typeof import("@remix-run/express")).createRequestHandler({ build: echoBuild(), mode: "production" })),
    );
    const ours = express();
    ours.set("trust proxy", 1);
    ours.use(passRejections(formBodies(() => false)));
    ours.all("*", passRejections(createRequestHandler({ build: echoBuild(), mode: "production", getLoadContext: () => ({}) as never })));
    const [a, b] = [await serve(theirs), await serve(ours)];
    try {
      const requests: Array<[string, RequestInit]> = [
        ["/echo/x?q=%E2%9C%93&page=2", { headers: { cookie: "s=1", "accept-language": "id" } }],
        ["/echo/forwarded", { headers: { "x-forwarded-proto": "https", "x-forwarded-host": "portal.example:8443" } }],
        [
          "/echo/form",
          { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://x" }, body: "nama=Siti&kota=Bandung" },
        ],
        ["/echo/put", { method: "PUT", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" }],
      ];
      for (const [path, init] of requests) {
        const [ra, rb] = [await fetch(a.base + path, init), await fetch(b.base + path, init)];
        const read = async (r: Response, base: string) => {
          const json = (await r.json()) as { url: string; headers: Record<string, string> };
          const port = new URL(base).port;
          const headers = Object.fromEntries(Object.entries(json.headers).filter(([k]) => k !== "host" && k !== "content-length"));
          return {
            status: r.status,
            statusText: r.statusText,
            setCookie: r.headers.getSetCookie(),
            echo: r.headers.get("x-echo"),
            ...json,
            url: json.url.replace(`:${port}`, ":PORT"),
            headers,
          };
        };
        expect(await read(rb, b.base), path).toEqual(await read(ra, a.base));
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("writeBody", () => {
  const CHUNK = new Uint8Array(64 * 1024);
  /** A body of `chunks` chunks that counts how many were read from it, and whether it was cancelled. */
  function counted(chunks: number) {
    const state = { pulled: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (state.pulled === chunks) return controller.close();
          state.pulled++;
          controller.enqueue(CHUNK);
        },
        cancel() {
          state.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { body, state };
  }
  /** A client that takes a chunk every 2 ms, with room for two chunks. */
  function slowClient() {
    const state = { written: 0 };
    const res = new Writable({
      highWaterMark: 2 * CHUNK.length,
      write(_chunk, _encoding, done) {
        state.written++;
        setTimeout(done, 2);
      },
    });
    return { res, state };
  }

  it("reads the body only as fast as the client takes it: a long export is never held whole", async () => {
    const { body, state } = counted(60);
    const { res, state: client } = slowClient();
    let ahead = 0;
    const watch = setInterval(() => (ahead = Math.max(ahead, state.pulled - client.written)), 1);
    const finished = once(res, "finish");
    await writeBody(body, res as never);
    await finished;
    clearInterval(watch);
    // What the client has not taken yet: its two chunks of room and the one being written.
    expect(ahead).toBeLessThanOrEqual(4);
    expect(client.written).toBe(60);
  });

  it("stops reading, and cancels the body, when the client goes away", async () => {
    const { body, state } = counted(1000);
    const { res } = slowClient();
    const writing = writeBody(body, res as never);
    await new Promise((resolve) => setTimeout(resolve, 20));
    res.destroy();
    await writing;
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(50);
  });
});

describe("a page rendered whole (app/utils/whole-page.ts)", () => {
  it("goes out as the same status, headers and bytes as the same Response read through its body; HEAD without them", async () => {
    const bytes = () => Buffer.from("<!DOCTYPE html><html><body><p>Perbaikan — berkas 王 😀</p></body></html>");
    const init = () => {
      const headers = new Headers({
        "content-type": "text/html; charset=utf-8",
        "content-length": String(bytes().length),
        "cache-control": "private, no-store",
      });
      headers.append("set-cookie", "a=1; Path=/");
      headers.append("set-cookie", "b=2; Path=/");
      return { status: 201, headers };
    };
    const routes = {
      root: { id: "root", path: "", module: { default: () => null } },
      "routes/whole": { id: "routes/whole", parentId: "root", path: "whole", module: { loader: () => wholePageResponse(bytes(), init()) } },
      // What shows the marked bytes are the ones written, not the body read back: a mark that differs from the body.
      "routes/marked": {
        id: "routes/marked",
        parentId: "root",
        path: "marked",
        module: {
          loader: () => Object.assign(new Response("read from the body"), { [WHOLE_PAGE_BYTES]: Buffer.from("the marked bytes") }),
        },
      },
      "routes/plain": { id: "routes/plain", parentId: "root", path: "plain", module: { loader: () => new Response(bytes(), init()) } },
    };
    const app = express();
    app.all(
      "*",
      passRejections(
        createRequestHandler({ build: { ...miniBuild(), routes } as unknown as ServerBuild, mode: "production", getLoadContext: () => ({}) as never }),
      ),
    );
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answer = async (path: string, method = "GET") => {
        const r = await fetch(base + path, { method });
        const headers = [...r.headers].filter(([k]) => k !== "date");
        return { status: r.status, statusText: r.statusText, headers, body: Buffer.from(await r.arrayBuffer()).toString("utf8") };
      };
      const whole = await answer("/whole");
      expect(whole).toEqual(await answer("/plain"));
      expect(whole.body).toBe(bytes().toString("utf8"));
      expect(whole.headers).toContainEqual(["set-cookie", "a=1; Path=/"]);
      expect(whole.headers).toContainEqual(["set-cookie", "b=2; Path=/"]);
      expect((await answer("/marked")).body).toBe("the marked bytes");
      const head = await answer("/whole", "HEAD");
      expect(head).toEqual(await answer("/plain", "HEAD"));
      expect(head.body).toBe("");
    } finally {
      await new Promise((r) => server.close(() => r(undefined)));
    }
  });
});
