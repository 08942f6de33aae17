import type { AddressInfo } from "node:net";
import net from "node:net";
import express from "express";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { passRejections } from "./errors";
import { createLifecycle } from "./lifecycle";

// The drain's order in one process: requests under way finish, a request arriving on a connection
// opened before the signal gets 503 with Connection: close, and only then the close hooks run,
// the last registered first.

/** Resolves once `check()` holds, looked at every 5 ms (a wait for an event, never a pass/fail by time). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 6_000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never happened: ${what}`);
}

function rawRequest(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let got = "";
    socket.setEncoding("utf8").on("data", (d: string) => (got += d));
    socket.on("close", () => resolve(got));
    socket.on("error", () => resolve(got));
  });
}

describe("lifecycle", () => {
  it("lets the request under way finish, answers a late one 503, then closes the hooks in reverse order", async () => {
    const events: string[] = [];
    const lifecycle = createLifecycle(pino({ level: "silent" }));
    lifecycle.onClose("database", () => void events.push("database closed"));
    lifecycle.onClose("mail worker", async () => {
      await new Promise((r) => setTimeout(r, 20));
      events.push("mail worker closed");
    });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let slowArrived = false;
    const app = express();
    app.use(lifecycle.middleware);
    app.get(
      "/slow",
      passRejections(async (_req, res) => {
        slowArrived = true;
        await released;
        events.push("slow answered");
        res.send("done");
      }),
    );
    app.get("/fast", (_req, res) => res.send("fast"));
    const http = app.listen(0, "127.0.0.1");
    const serverSockets: net.Socket[] = [];
    http.on("connection", (socket: net.Socket) => serverSockets.push(socket));
    await new Promise((r) => http.once("listening", r));
    const { port } = http.address() as AddressInfo;

    const slow = fetch(`http://127.0.0.1:${port}/slow`).then(async (r) => [r.status, await r.text(), r.headers.get("connection")]);
    // A connection that has begun a request (headers not finished) when the signal comes.
    const late = net.connect(port, "127.0.0.1");
    await new Promise((r) => late.once("connect", r));
    const lateAnswer = rawRequest(late);
    const begun = "GET /fast HTTP/1.1\r\n";
    late.write(begun);
    // The server is in the slow request's handler and has read the late one's first line.
    await until(() => slowArrived, "the slow request reached its handler");
    await until(
      () => serverSockets.some((socket) => socket.remotePort === late.localPort && socket.bytesRead >= begun.length),
      "the server read the late request's first line",
    );

    const stopped = lifecycle.shutdown(http, 5);
    expect(lifecycle.draining).toBe(true);
    late.write("Host: x\r\n\r\n");
    const lateText = await lateAnswer;
    expect(lateText).toMatch(/^HTTP\/1\.1 503/);
    expect(lateText).toMatch(/connection: close/i);
    expect(lateText).toMatch(/retry-after: 5/i);
    expect(events).toEqual([]); // nothing closed while a request is under way

    release();
    expect(await slow).toEqual([200, "done", "close"]);
    expect(await stopped).toBe(0);
    expect(events).toEqual(["slow answered", "mail worker closed", "database closed"]);
    expect(http.listening).toBe(false);
  });

  it("runs the shutdown once for two signals, and reports a failing hook with exit code 1", async () => {
    const lifecycle = createLifecycle(pino({ level: "silent" }));
    let closes = 0;
    lifecycle.onClose("flaky", () => {
      closes += 1;
      throw new Error("boom");
    });
    const http = express().listen(0, "127.0.0.1");
    await new Promise((r) => http.once("listening", r));
    const first = lifecycle.shutdown(http, 1);
    const second = lifecycle.shutdown(http, 1);
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(closes).toBe(1);
  });
});
