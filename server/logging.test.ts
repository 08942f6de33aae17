import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it, vi } from "vitest";
import { passRejections } from "./errors";
import { accessLog, createLogger, currentRequestId, scrubLine } from "./logging";

describe("scrubLine", () => {
  it("masks every e-mail address, keeping its first character and domain", () => {
    expect(scrubLine('{"to":"pemohon.demo01@adaptasi.test","msg":"sent to budi.s+1@mail.kemkes.go.id"}')).toBe(
      '{"to":"p***@adaptasi.test","msg":"sent to b***@mail.kemkes.go.id"}',
    );
  });

  it("removes a failed query's parameters, wherever the message sits", () => {
    const line = JSON.stringify({
      err: { message: "Failed query: select 1 where email = $1\nparams: rahasia@x.id,$argon2id$v=19$m", stack: "Error: x\nparams: secret\n    at f" },
    });
    const out = scrubLine(line);
    expect(out).not.toMatch(/rahasia|argon2|secret/);
    expect(out).toContain("params: [removed]");
  });
});

describe("createLogger", () => {
  it("drops an error's parameters and value fields, also in its cause", () => {
    const lines: string[] = [];
    const logger = createLogger("info", (l) => lines.push(l));
    const cause = Object.assign(new Error("duplicate key"), { detail: "Key (email)=(siti@contoh.id) already exists.", where: "x" });
    const err = Object.assign(new Error("Failed query: insert into users\nparams: siti@contoh.id,hash"), { params: ["siti@contoh.id", "hash"], cause });
    logger.error({ err }, "unhandled API error");
    const line = lines.join("");
    expect(line).not.toContain("contoh.id");
    expect(line).not.toContain('"params"');
    expect(line).not.toContain('"detail"');
    expect(line).toContain("duplicate key");
  });
});

async function serve(trustProxy: number) {
  const lines: string[] = [];
  const logger = createLogger("info", (l) => lines.push(l));
  const app = express();
  app.use(accessLog({ logger, trustProxy, apiKey: "k".repeat(40), routeOf: () => "/pattern/:id" }));
  app.get(
    "/pattern/:id",
    passRejections(async (_req, res) => {
      await new Promise((r) => setTimeout(r, 5));
      logger.info({ seen: currentRequestId() }, "inside");
      res.status(404).send("x".repeat(1000));
    }),
  );
  const server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, lines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>), close: () => new Promise((r) => server.close(r)) };
}

describe("accessLog", () => {
  it("writes one line per request with its pattern, status, time, bytes and id, and never the query", async () => {
    const s = await serve(0);
    // Probes no request id (hex), time or byte count can contain by chance ("123" once matched a random id).
    const res = await fetch(`${s.base}/pattern/xyzzy?token=rahasia&email=a%40b.id`, { headers: { cookie: "__session=sesiku" } });
    await res.text();
    // The access line is written when the answer has finished, which may be after the client has it all.
    await vi.waitFor(() => expect(s.lines().map((l) => l.msg)).toContain("request"), { timeout: 30_000, interval: 10 });
    await s.close();
    const id = res.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [inside, access] = s.lines();
    expect(inside).toMatchObject({ reqId: id, seen: id, msg: "inside" });
    expect(access).toMatchObject({ reqId: id, method: "GET", route: "/pattern/:id", status: 404, msg: "request", level: 30 });
    expect(access.ms).toEqual(expect.any(Number));
    expect(access.bytes).toBeGreaterThan(1000);
    const all = JSON.stringify(s.lines());
    expect(all).not.toMatch(/rahasia|token|__session|sesiku|xyzzy|a@b/);
  });

  it("takes X-Request-Id only from a trusted proxy or a caller with the API key, and only a sane one", async () => {
    const untrusted = await serve(0);
    const own = await fetch(`${untrusted.base}/pattern/1`, { headers: { "x-request-id": "chosen-by-client" } });
    const fromPortal = await fetch(`${untrusted.base}/pattern/1`, { headers: { "x-request-id": "portal-request-1", "x-adaptasiapikey": "k".repeat(40) } });
    await untrusted.close();
    expect(own.headers.get("x-request-id")).not.toBe("chosen-by-client");
    expect(fromPortal.headers.get("x-request-id")).toBe("portal-request-1");

    const behindProxy = await serve(1);
    const good = await fetch(`${behindProxy.base}/pattern/1`, { headers: { "x-request-id": "0123456789abcdef" } });
    const hostile = await fetch(`${behindProxy.base}/pattern/1`, { headers: { "x-request-id": "x\u0001".repeat(300).replace(/\u0001/g, "%") } });
    await behindProxy.close();
    expect(good.headers.get("x-request-id")).toBe("0123456789abcdef");
    expect(hostile.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
