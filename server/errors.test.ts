import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastResort, passRejections } from "./errors";

// The last handler: a request the portal cannot route still gets spec §8's error screen, never a
// stack trace or Express's own page, with the sender's 4xx or our 500.

let base = "";
let close = () => {};
beforeAll(async () => {
  const app = express();
  app.get("/boom", () => {
    throw new Error("secret internals at /srv/app.js:12");
  });
  app.get("/refused", () => {
    throw Object.assign(new Error("refused"), { status: 403 });
  });
  // An async handler's rejection: Express 4 would leave it unhandled (the process ends) without passRejections.
  app.get(
    "/async-boom",
    passRejections(async () => {
      await Promise.resolve();
      throw new Error("secret async internals");
    }),
  );
  // Express's router decodes the path's parameters: a malformed percent-encoding throws there.
  app.get("/application/:id", (_req, res) => void res.send("ok"));
  app.use(lastResort(pino({ level: "silent" })));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("the last-resort error screen", () => {
  it("answers a malformed address with 400 and the error screen's words and way back", async () => {
    const res = await fetch(`${base}/application/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("<h1>Terjadi kesalahan, silahkan kembali ke awal</h1>");
    expect(html).toContain('<a href="/">Kembali ke awal</a>');
    expect(html).not.toMatch(/at .*\.js|URIError|stack/i);
  });

  it("keeps a declared 4xx and hides what a failure says", async () => {
    expect((await fetch(`${base}/refused`)).status).toBe(403);
    const res = await fetch(`${base}/boom`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("secret internals");
  });

  it("answers an async handler's rejection with the error screen, not an unhandled rejection", async () => {
    const res = await fetch(`${base}/async-boom`);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("<h1>Terjadi kesalahan, silahkan kembali ke awal</h1>");
    expect(html).not.toContain("secret async internals");
  });
});
