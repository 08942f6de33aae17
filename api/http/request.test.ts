import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../../app/utils/api.server";
import type { ApiConfig } from "../app";
import { citizenSignUp } from "../test/factories";
import { createTestApi, TEST_API_KEY, type TestApi } from "../test/helpers";

// The client address behind the per-IP limits cannot be chosen by the caller.

let api: TestApi;
const servers: Server[] = [];
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  await api?.close();
});

const LIMITS = { loginPerIp: 2, loginPerAccount: 100, windowSec: 900, signUpPerIp: 2, accountWindowSec: 3600 };

/** The API on a loopback port, wired as server/app.ts mounts it: the listener hands over its socket. */
async function overHttp(config: Partial<ApiConfig> = {}) {
  const { app } = api.appWith({ rateLimits: LIMITS, ...config });
  const listener = getRequestListener((request, env) => app.fetch(request, env));
  // Hono's listener answers its own errors; node's server has no use for the promise it returns.
  const server = createServer((req, res) => void listener(req, res));
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return (path: string, json: unknown, forwardedFor: string) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-adaptasiapikey": TEST_API_KEY, "x-forwarded-for": forwardedFor },
      body: JSON.stringify(json),
    });
}

const wrongLogin = { email: "pemohon@adaptasi.test", password: "salah-salah" };

describe("the client address of a request over HTTP", () => {
  it("is the socket's without TRUST_PROXY: a rotated X-Forwarded-For resets neither the sign-up nor the login limit", async () => {
    const post = await overHttp();
    const signUps = [];
    for (let i = 1; i <= 3; i++) signUps.push((await post("/register/citizen", citizenSignUp(), `198.51.100.${i}`)).status);
    expect(signUps).toEqual([201, 201, 429]);
    const logins = [];
    for (let i = 1; i <= 3; i++) logins.push((await post("/login", wrongLogin, `203.0.113.${i}`)).status);
    expect(logins).toEqual([401, 401, 429]);
  });

  it("with TRUST_PROXY=1 is the entry the proxy added, the rightmost: what the caller wrote to its left changes nothing", async () => {
    const post = await overHttp({ trustProxy: 1 });
    const signUps = [];
    for (let i = 1; i <= 3; i++) signUps.push((await post("/register/citizen", citizenSignUp(), `10.9.9.${i}, 192.0.2.10`)).status);
    expect(signUps).toEqual([201, 201, 429]);
    // Another client behind the same proxy has its own bucket.
    expect((await post("/register/citizen", citizenSignUp(), "10.9.9.1, 192.0.2.11")).status).toBe(201);

    const logins = [];
    for (let i = 1; i <= 3; i++) logins.push((await post("/login", wrongLogin, `10.8.8.${i}, 192.0.2.20`)).status);
    expect(logins).toEqual([401, 401, 429]);
    expect((await post("/login", wrongLogin, "192.0.2.21")).status).toBe(401);
  });

  it("with TRUST_PROXY=2 counts two hops from the right, and falls back to the leftmost entry when there are fewer", async () => {
    const post = await overHttp({ trustProxy: 2 });
    const statuses = [];
    for (let i = 1; i <= 3; i++) statuses.push((await post("/register/citizen", citizenSignUp(), `10.7.7.${i}, 192.0.2.30, 10.0.0.1`)).status);
    expect(statuses).toEqual([201, 201, 429]);
    expect((await post("/register/citizen", citizenSignUp(), "192.0.2.31")).status).toBe(201);
  });
});

describe("the client address of the portal's in-process call", () => {
  it("is the one the portal's API client names", async () => {
    const { app } = api.appWith({ rateLimits: { ...LIMITS, signUpPerIp: 1 } });
    const portal = (clientIp: string) =>
      createApiClient({ fetch: async (req) => app.fetch(req), baseUrl: "http://api.internal", apiKey: TEST_API_KEY, clientIp });
    expect((await portal("192.0.2.40").call("POST", "/register/citizen", { body: citizenSignUp() })).status).toBe(201);
    expect((await portal("192.0.2.40").call("POST", "/register/citizen", { body: citizenSignUp() })).status).toBe(429);
    expect((await portal("192.0.2.41").call("POST", "/register/citizen", { body: citizenSignUp() })).status).toBe(201);
  });
});
