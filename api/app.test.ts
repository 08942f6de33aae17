import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "./app";
import { JSON_BODY_LIMIT, jsonBodyLimit } from "./middleware/body-limit";
import { MAX_JSON_VALUES } from "./middleware/no-nul";
import type { Database } from "./db/client";
import { createTestApi, expectError, requester, TEST_API_KEY, TEST_JWT_SECRET, type TestApi, typedRequest } from "./test/helpers";

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  token = (await api.login("pemohon@adaptasi.test")).token;
});
afterAll(() => api?.close());

const ENDPOINTS = [
  ["POST", "/api/v1/login"],
  ["POST", "/api/v1/refresh"],
  ["POST", "/api/v1/revoke"],
  ["GET", "/api/v1/admin/get-me"],
  ["POST", "/api/v1/me/password"],
  ["GET", "/api/v1/config/public"],
  ["GET", "/api/v1/document-requirements"],
  ["POST", "/api/v1/register/citizen"],
  ["POST", "/api/v1/register/foreign"],
  ["GET", "/api/v1/countries"],
  ["POST", "/api/v1/account/activate"],
  ["POST", "/api/v1/account/activation/resend"],
  ["POST", "/api/v1/password/forgot"],
  ["GET", "/api/v1/password/reset"],
  ["POST", "/api/v1/password/reset"],
  ["GET", "/api/v1/test-schedules"],
] as const;
const POSTS = ENDPOINTS.filter(([method]) => method === "POST").map(([, path]) => path);

describe("x-adaptasiapikey", () => {
  it.each(ENDPOINTS)("is required on %s %s", async (method, path) => {
    const json = method === "POST" ? {} : undefined;
    // Raw: a table of routes, each sent an empty body and a wrong API key or none.
    await expectError(await api.request(path, { method, json, apiKey: false, token }), 401, "INVALID_API_KEY");
    await expectError(await api.request(path, { method, json, apiKey: "salah", token }), 401, "INVALID_API_KEY");
    await expectError(await api.request(path, { method, json, apiKey: `${TEST_API_KEY}x`, token }), 401, "INVALID_API_KEY");
  });

  it("is not needed for the OpenAPI document", async () => {
    // Raw: the OpenAPI document is served beside the typed routes, not one of them.
    expect((await api.request("/api/v1/openapi.json", { apiKey: false })).status).toBe(200);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("documents every route with the api-key and bearer schemes", async () => {
    // Raw: the OpenAPI document is served beside the typed routes, not one of them.
    const doc = await (await api.request("/api/v1/openapi.json")).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [method, path] of ENDPOINTS) expect(doc.paths[path]?.[method.toLowerCase()], path).toBeDefined();
    expect(doc.components.securitySchemes).toEqual({
      ApiKey: { type: "apiKey", in: "header", name: "x-adaptasiapikey" },
      Bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
    });
    expect(doc.security).toEqual([{ ApiKey: [] }]);
    expect(doc.paths["/api/v1/admin/get-me"].get.security).toEqual([{ ApiKey: [], Bearer: [] }]);
  });
});

describe("bad input never gives a 5xx", () => {
  const longText = "x".repeat(10_000);
  const bodies: [string, BodyInit | undefined, Record<string, string>][] = [
    ["malformed JSON", "{nope", { "content-type": "application/json" }],
    ["truncated JSON", '{"email": "a@b.co", "password": "', { "content-type": "application/json" }],
    ["no body", undefined, { "content-type": "application/json" }],
    ["text/plain", "email=a@b.co", { "content-type": "text/plain" }],
    ["form-encoded", "email=a%40b.co&password=x", { "content-type": "application/x-www-form-urlencoded" }],
    ["no content type", '{"email":"a@b.co"}', {}],
    ["JSON null", "null", { "content-type": "application/json" }],
    ["JSON array", "[1,2]", { "content-type": "application/json" }],
    ["JSON string", '"teks"', { "content-type": "application/json" }],
    ["empty object", "{}", { "content-type": "application/json" }],
  ];

  it.each(POSTS)("%s answers 4xx with the error shape for broken bodies", async (path) => {
    for (const [label, body, headers] of bodies) {
      // Raw: broken bodies and wrong content types, which the typed client cannot send.
      const res = await api.request(path, { method: "POST", body, headers, token });
      expect(res.status, `${path} ${label}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${label}`).toBeLessThan(500);
      const json = await res.json();
      expect(json.error, `${path} ${label}`).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it("names malformed JSON and wrong content types MALFORMED_BODY", async () => {
    // Raw: malformed JSON and a wrong content type, which the typed client cannot send.
    await expectError(
      await api.request("/api/v1/login", { method: "POST", body: "{nope", headers: { "content-type": "application/json" } }),
      400,
      "MALFORMED_BODY",
    );
    await expectError(await api.request("/api/v1/login", { method: "POST", body: "a=b", headers: { "content-type": "text/plain" } }), 400, "MALFORMED_BODY");
  });

  it.each([
    ["wrong types", { email: 12, password: true }],
    ["missing fields", {}],
    ["10,000-character strings", { email: `${longText}@x.co`, password: longText }],
    ["control characters", { email: "a\u0000@b.co", password: "\u0000" }],
  ])("login with %s → 400 VALIDATION_ERROR with details", async (_label, json) => {
    // Raw: bodies of wrong types or missing fields, which the route's type refuses.
    const body = await expectError(await api.request("/api/v1/login", { json }), 400, "VALIDATION_ERROR");
    expect(body.error.details?.length).toBeGreaterThan(0);
    expect(body.error.details?.[0]).toMatchObject({ path: expect.any(String), code: expect.any(String), message: expect.any(String) });
  });

  it("refresh, revoke and me/password refuse 10,000-character strings", async () => {
    const longText = "x".repeat(10_000);
    await expectError(await typedRequest(api, "POST", "/refresh", { body: { refresh_token: longText } }), 400, "VALIDATION_ERROR");
    // Raw: `all` is text here, where the route's type takes a boolean.
    await expectError(await api.request("/api/v1/revoke", { json: { refresh_token: longText, all: "ya" } }), 400, "VALIDATION_ERROR");
    await expectError(
      await typedRequest(api, "POST", "/me/password", { token, body: { current_password: longText, new_password: longText } }),
      400,
      "VALIDATION_ERROR",
    );
    // Raw: a pathway the route's query type does not know.
    await expectError(await api.request(`/api/v1/document-requirements?jalur=${longText}`), 400, "VALIDATION_ERROR");
  });

  it("answers 413 for a JSON body over its endpoint's limit, told by Content-Length or counted as it streams", async () => {
    const credentials = { email: "a@b.co", password: "x".repeat(JSON_BODY_LIMIT) };
    const big = JSON.stringify(credentials);
    const answer = await expectError(await typedRequest(api, "POST", "/login", { body: credentials }), 413, "PAYLOAD_TOO_LARGE");
    expect(answer.error).toMatchObject({
      message: "Isi permintaan terlalu besar: alamat ini menerima JSON paling besar 64 KB.",
      params: { kind: "json", limit_kb: 64 },
    });
    const stream = new Blob([big]).stream();
    const res = await api.app.request("/api/v1/login", {
      method: "POST",
      body: stream,
      headers: { "x-adaptasiapikey": TEST_API_KEY, "content-type": "application/json" },
      duplex: "half", // Node's fetch needs it for a streamed body
    } as RequestInit);
    await expectError(res, 413, "PAYLOAD_TOO_LARGE");
  });

  it("refuses by its Content-Length alone, before a byte is read, a body that would never end", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024).fill(0x31));
      },
    });
    const res = await api.app.request("/api/v1/login", {
      method: "POST",
      body: endless,
      headers: { "x-adaptasiapikey": TEST_API_KEY, "content-type": "application/json", "content-length": String(10 * 1024 * 1024) },
      duplex: "half",
    } as RequestInit);
    await expectError(res, 413, "PAYLOAD_TOO_LARGE");
    expect(pulled).toBeLessThanOrEqual(1); // a stream may pull once as it is made; nothing was read
  });

  it("refuses the 400 KB array that cost seconds, at every endpoint whose honest bodies are smaller", async () => {
    const array = `[${Array.from({ length: 200_000 }, () => "1").join(",")}]`;
    expect(array.length).toBeGreaterThan(400_000);
    for (const [method, path] of [
      ["POST", "/api/v1/login"],
      ["POST", "/api/v1/applications"],
      ["PUT", "/api/v1/me/profile"],
      ["POST", "/api/v1/review/applications/1/decisions"],
    ] as const) {
      // Raw: a JSON array where each route takes an object.
      const res = await api.request(path, { method, token, body: array, headers: { "content-type": "application/json" } });
      await expectError(res, 413, "PAYLOAD_TOO_LARGE");
    }
  });

  it("takes the larger honest bodies of the lists of long texts: 50 portfolio entries of 2,000 characters in any script", async () => {
    expect(jsonBodyLimit("PUT", "/api/v1/applications/abc/portfolio")).toBe(512 * 1024);
    expect(jsonBodyLimit("PUT", "/api/v1/applications/abc/achievements")).toBe(512 * 1024);
    expect(jsonBodyLimit("POST", "/api/v1/review/applications/abc/decisions")).toBe(256 * 1024);
    expect(jsonBodyLimit("POST", "/api/v1/applications/abc/portfolio")).toBe(JSON_BODY_LIMIT);
    expect(jsonBodyLimit("PUT", "/api/v1/me/profile")).toBe(JSON_BODY_LIMIT);
    // The largest portfolio a form can send, each character three bytes: within its endpoint's limit.
    const entry = { kind: "ж".repeat(50), title: "ж".repeat(200), institution: "ж".repeat(200), year: 2020, description: "ж".repeat(2000) };
    const portfolio = { entries: Array.from({ length: 50 }, () => entry) };
    const largest = JSON.stringify(portfolio);
    expect(Buffer.byteLength(largest)).toBeGreaterThan(JSON_BODY_LIMIT);
    expect(Buffer.byteLength(largest)).toBeLessThan(jsonBodyLimit("PUT", "/api/v1/applications/abc/portfolio"));
    const res = await typedRequest(api, "PUT", "/applications/abc/portfolio", { token, body: portfolio });
    expect(res.status).not.toBe(413);
  });

  it("refuses a body within its size but of absurdly many values (170,000 empty objects) before the validator walks them", async () => {
    const many = `{"entries":[${Array.from({ length: 170_000 }, () => "{}").join(",")}]}`;
    expect(many.length).toBeLessThan(jsonBodyLimit("PUT", "/api/v1/applications/abc/portfolio"));
    // Raw: entries of empty objects, which the route's type refuses.
    const res = await api.request("/api/v1/applications/abc/portfolio", { method: "PUT", token, body: many, headers: { "content-type": "application/json" } });
    const answer = await expectError(res, 400, "VALIDATION_ERROR");
    expect(answer.error.details).toMatchObject([{ code: "too_many_values", params: { max: MAX_JSON_VALUES } }]);
  });

  it("answers 404 NOT_FOUND for unknown routes and wrong methods", async () => {
    // Raw: routes that do not exist and methods a route does not take, which the typed client cannot name.
    await expectError(await api.request("/api/v1/tidak-ada"), 404, "NOT_FOUND");
    await expectError(await api.request("/lain"), 404, "NOT_FOUND");
    await expectError(await api.request("/api/v1/login"), 404, "NOT_FOUND");
    await expectError(await api.request("/api/v1/admin/get-me", { method: "DELETE", token }), 404, "NOT_FOUND");
  });
});

describe("unexpected failures", () => {
  it("answer 500 INTERNAL_ERROR with a generic message and no stack", async () => {
    const failing = new Proxy({} as Database, {
      get() {
        throw new Error("database exploded at /secret/path");
      },
    });
    const lines: string[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => void lines.push(line) });
    const app = createApiApp({ db: failing, config: { apiKey: TEST_API_KEY, jwtSecret: TEST_JWT_SECRET, logger } });
    const res = await requester(app)("/api/v1/config/public");
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      error: { code: "INTERNAL_ERROR", message: "Terjadi kesalahan pada server. Silakan coba lagi nanti." },
    });
    expect(text).not.toMatch(/exploded|secret|at /);
    expect(lines.join("")).toContain("database exploded");
  });

  it("refuses to start without an api key or JWT secret", () => {
    const db = {} as Database;
    expect(() => createApiApp({ db, config: { apiKey: "", jwtSecret: TEST_JWT_SECRET } })).toThrow();
    expect(() => createApiApp({ db, config: { apiKey: TEST_API_KEY, jwtSecret: "" } })).toThrow();
  });
});
