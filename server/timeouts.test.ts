import http from "node:http";
import { describe, expect, it } from "vitest";
import { applyTimeouts } from "../server";

describe("applyTimeouts (slow phones)", () => {
  it("lifts Node's 300 s cap on a request, keeps 60 s for the headers and closes a connection idle for HTTP_IDLE_TIMEOUT_SEC", () => {
    const server = http.createServer();
    expect(server.requestTimeout).toBe(300_000); // Node's default, which cut 5 MB uploads at 20 kB/s
    applyTimeouts(server, 45);
    expect(server.requestTimeout).toBe(0);
    expect(server.headersTimeout).toBe(60_000);
    expect(server.timeout).toBe(45_000);
  });
});
