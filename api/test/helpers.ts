import { readFile } from "node:fs/promises";
import { expect, inject } from "vitest";
import pino from "pino";
import { createApiClient, type ApiClient, type ApiResult } from "../../app/utils/api.server";
import { createApiApp, type ApiConfig, type RateLimitConfig } from "../app";
import { seedIfEmpty, DEMO_PASSWORD } from "../seed";
import { applications, users } from "../db/schema";
import { startApi, type StartApiOptions } from "../index";
import { hashPassword } from "../services/passwords";
import { createDiskStorage } from "../services/storage/storage";
import { readOutbox } from "./mail";
import type { DatabaseTemplate } from "./template";
import { throwawayDatabase } from "./throwaway-database.mjs";

export { DEMO_PASSWORD };
export const TEST_API_KEY = "test-api-key";
export const TEST_JWT_SECRET = "test-jwt-secret-at-least-32-characters";

// Generous limits so ordinary tests never trip them; rate-limit tests build an app with small ones.
export const TEST_RATE_LIMITS: RateLimitConfig = {
  loginPerIp: 10_000,
  loginPerAccount: 10_000,
  windowSec: 900,
  signUpPerIp: 10_000,
  mailPerEmail: 10_000,
  mailPerIp: 10_000,
  accountWindowSec: 3600,
  uploadsPerMinute: 10_000,
};

export interface RequestOptions {
  method?: string;
  /** serialised as the JSON body */
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** access token for Authorization: Bearer */
  token?: string;
  /** false leaves the api-key header out */
  apiKey?: string | false;
}

type App = ReturnType<typeof createApiApp>;

/** Calls an app the way the portal does: api key, JSON body, optional bearer token. */
export function requester(app: App) {
  return (path: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = {};
    if (opts.apiKey !== false) headers["x-adaptasiapikey"] = opts.apiKey ?? TEST_API_KEY;
    if (opts.json !== undefined) headers["content-type"] = "application/json";
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    return app.request(path, {
      method: opts.method ?? (opts.json !== undefined || opts.body !== undefined ? "POST" : "GET"),
      body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
      headers: { ...headers, ...opts.headers },
    });
  };
}

/**
 * The run's migrated, demo-seeded template (api/test/template.ts, the api tier's globalSetup) where these options
 * start from one: demo data, the test's own database. Elsewhere (another tier, a bench) there is none.
 */
function templateFor(overrides: Partial<StartApiOptions>, fromEmpty: boolean): DatabaseTemplate | undefined {
  if (fromEmpty || overrides.seedDemo === false || overrides.dataDir || overrides.databaseUrl || overrides.loadDataDir) return undefined;
  const template = inject("databaseTemplate");
  // A template made for another database than this process tests on is no copy of it.
  if (template?.kind === "postgres" && template.server !== process.env.TEST_DATABASE_URL) return undefined;
  if (template?.kind === "pglite" && process.env.TEST_DATABASE_URL) return undefined;
  return template;
}

/**
 * A fresh, migrated, demo-seeded database of its own: in-memory PGlite, or a throwaway database on
 * TEST_DATABASE_URL — a copy of the run's template, or, with `fromEmpty` (tests of migrating and seeding
 * themselves) or options the template was not made with, one that startApi migrates and seeds from empty.
 */
export async function createTestApi(overrides: Partial<StartApiOptions> = {}, { fromEmpty = false }: { fromEmpty?: boolean } = {}) {
  const server = process.env.TEST_DATABASE_URL;
  const template = templateFor(overrides, fromEmpty);
  let databaseUrl: string | undefined;
  let loadDataDir: Blob | undefined;
  let dropDatabase = async () => {};
  if (server)
    ({ url: databaseUrl, drop: dropDatabase } = await throwawayDatabase(server, "adaptasi_test", template?.kind === "postgres" ? template.name : undefined));
  else if (template?.kind === "pglite") loadDataDir = new Blob([await readFile(template.file)]);

  const logger = pino({ level: "silent" });
  let api: Awaited<ReturnType<typeof startApi>>;
  try {
    api = await startApi({
      inMemory: !databaseUrl,
      databaseUrl,
      loadDataDir,
      apiKey: TEST_API_KEY,
      jwtSecret: TEST_JWT_SECRET,
      seedDemo: true,
      rateLimits: TEST_RATE_LIMITS,
      logger,
      ...overrides,
    });
  } catch (error) {
    // A start that is meant to fail (an unusable S3 bucket, say) leaves no database behind on the server.
    await dropDatabase();
    throw error;
  }
  const request = requester(api.app);
  let files = 0;
  /** An extra account, so tests that change or disable users leave the demo ones alone. */
  async function createUser(values: { email: string; password?: string; roleId?: number; activated?: boolean; isActive?: boolean }) {
    const [user] = await api.db
      .insert(users)
      .values({
        email: values.email,
        passwordHash: await hashPassword(values.password ?? DEMO_PASSWORD),
        fullName: "Pengguna Uji",
        roleId: values.roleId ?? 3,
        isActive: values.isActive ?? true,
        activatedAt: values.activated === false ? null : new Date(),
      })
      .returning();
    return user;
  }

  return {
    ...api,
    request,
    /** Another app on the same database and outbox, e.g. with small rate limits. */
    appWith(config: Partial<ApiConfig>) {
      const app = createApiApp({
        db: api.db,
        mailer: api.mailer,
        config: { apiKey: TEST_API_KEY, jwtSecret: TEST_JWT_SECRET, rateLimits: TEST_RATE_LIMITS, logger, ...config },
      });
      return { app, request: requester(app) };
    },
    async login(email: string, password = DEMO_PASSWORD): Promise<{ token: string; refreshToken: string }> {
      const res = await request("/api/v1/login", { json: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
      return (await res.json()).token;
    },
    createUser,
    /**
     * The portal's own client over the in-process transport, as one page request makes it: its calls are
     * typed from the API's routes (docs/decisions/030-typed-seam.md), so a test reads typed answers.
     */
    client(): ApiClient {
      return createApiClient({ fetch: (r) => api.fetch(r), baseUrl: "http://api.internal", apiKey: TEST_API_KEY, inProcess: api.inProcess });
    },
    /** A submitted file at stage 1 (document check: roles 2 and 4 decide) of a new applicant, in the given state (the scheduled jobs' tests). */
    async submittedFile(values: Partial<typeof applications.$inferInsert>) {
      const n = ++files;
      const applicant = await createUser({ email: `berkas${n}.${Date.now()}@contoh.id`, roleId: 3 });
      const [row] = await api.db
        .insert(applications)
        .values({
          applicantUserId: applicant.id,
          submittedByUserId: applicant.id,
          jalurId: "REG",
          isSubmitted: true,
          submittedAt: new Date(),
          stageId: 1,
          reachedStages: [1],
          applicantName: `Pemohon Berkas ${n}`,
          applicantEmail: applicant.email,
          ...values,
        })
        .returning();
      return { ...row, email: applicant.email };
    },
    /**
     * The outbox once every due mail is written, oldest first; optionally only mail to one address. It waits for
     * the events, not for a time: the background work, then each pass of the worker until no mail is due and none
     * is being sent (a pass that claimed a mail has leased it, so "none due" alone did not mean "written").
     */
    async mails(to?: string) {
      await api.mailer.idle();
      return readOutbox(api.outboxDir, to);
    },
    /**
     * The first mail to `to` that `match` accepts, once it is there: background work (a sign-up's notice to an
     * account's owner) is waited for as an event — the mail appearing — with a hang guard, not a clock check.
     */
    async mailWhen(to: string, match: (mail: Awaited<ReturnType<typeof readOutbox>>[number]) => boolean) {
      for (let tries = 0; ; tries++) {
        await api.mailer.idle();
        const found = (await readOutbox(api.outboxDir, to)).find(match);
        if (found) return found;
        if (tries >= 1_200) throw new Error(`no matching mail to ${to} after ${tries} looks`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    reseed: (demo = true) => seedIfEmpty(api.db, { demo }),
    /** The demo applications with their files (kept in this API's disk store) and audit rows, if not there yet. */
    seedDemoApplications: () => seedIfEmpty(api.db, { demo: true, storage: createDiskStorage(api.filesDir) }),
    async close() {
      await api.close();
      await dropDatabase();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/** The body of a call the test expects to succeed (its status, if given); else the refusal fails the test. */
export function answered<T>(r: ApiResult<T>, status?: number): T {
  if (!r.ok) expect.fail(`the API refused: ${r.status} ${r.error.code} ${r.error.message}`);
  if (status !== undefined) expect(r.status).toBe(status);
  return r.body;
}

/** Asserts the error shape and returns the body. */
export async function expectError(res: Response, status: number, code: string) {
  const body = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status, body: { error: { code, message: expect.any(String) } } });
  return body as {
    error: {
      code: string;
      message: string;
      details?: { path: string; code: string; params?: Record<string, string | number>; labels?: Record<string, string>; message: string }[];
    };
  };
}

type TypedMethod = import("../../app/utils/api.server").ApiMethod;
/** What a test may add to a typed request that the portal's client never sends: another API key or none, more headers. */
interface RequestExtras {
  apiKey?: string | false;
  headers?: Record<string, string>;
}
type TypedRequestOptions<M extends TypedMethod, P extends string> = import("../../app/utils/api.server").ApiCallOptions<M, P> & RequestExtras;
type TypedRequestArgs<M extends TypedMethod, P extends string> = import("../../app/utils/api.server").ApiCallArgs<M, P> extends [options: unknown]
  ? [options: TypedRequestOptions<M, P>]
  : [options?: TypedRequestOptions<M, P>];

/**
 * A request typed as the portal's client types its calls (docs/decisions/030-typed-seam.md): the method and the
 * path (under /api/v1, as sent: `/applications/${id}/portfolio`) must be a route's, the query and the JSON body
 * that route's, so a renamed route or field fails `tsc`. It answers the API's own Response, so the test still
 * reads the status, the headers and the error's words as the API sent them (the client words refusals again).
 * `api` is a test API or another app on its database (`appWith`).
 */
export async function typedRequest<M extends TypedMethod, P extends import("../../app/utils/api.server").ApiPath<M>>(
  api: { request: TestApi["request"] },
  method: M,
  path: P,
  ...[options]: TypedRequestArgs<M, P>
): Promise<Response> {
  const { body, query, token, apiKey, headers } = (options ?? {}) as { body?: unknown; query?: Record<string, unknown>; token?: string } & RequestExtras;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) for (const one of [value].flat()) if (one !== undefined) search.append(key, String(one));
  return api.request(`/api/v1${path}${search.size ? `?${search}` : ""}`, { method, json: body, token, apiKey, headers });
}

/** The JSON body and the query a route takes, for a test's own helper that sends them (`(json: ApiBody<"POST", "/login">) => typedRequest(…)`). */
export type { ApiBody, ApiQuery } from "../../app/utils/api.server";

/**
 * `typedRequest` as one caller: its token unless the call names another (`const asSuper = typedRequestAs(() => api, () => superToken)`).
 * Both are read at each call, since a test file sets them in its `beforeAll`.
 */
export function typedRequestAs(api: () => { request: TestApi["request"] }, token: () => string | Promise<string>) {
  return async <M extends TypedMethod, P extends import("../../app/utils/api.server").ApiPath<M>>(method: M, path: P, ...[options]: TypedRequestArgs<M, P>) =>
    typedRequest(api(), method, path, ...([{ token: await token(), ...options }] as TypedRequestArgs<M, P>));
}

/**
 * A multipart upload to a typed route (the path must be one of the API's POST routes), answered as the API's
 * own Response: the form goes as the browser sends it, with its boundary.
 */
export async function typedUpload<P extends import("../../app/utils/api.server").ApiPath<"POST">>(
  api: { request: TestApi["request"] },
  path: P,
  form: FormData,
  options: { token?: string } & RequestExtras = {},
): Promise<Response> {
  return api.request(`/api/v1${path}`, { method: "POST", body: form, ...options });
}

/**
 * A refused call of the typed client (`api.client()`), asserted as `expectError` asserts a response: its status,
 * its code and a message. Returns the refusal: its `error` (as `expectError` returns the body) and `retryAfterSec`.
 */
export function refused(r: ApiResult<unknown>, status: number, code: string): Extract<ApiResult<unknown>, { ok: false }> {
  expect({ status: r.status, error: r.ok ? r.body : r.error }).toMatchObject({ status, error: { code, message: expect.any(String) } });
  if (r.ok) expect.fail(`the API answered ${r.status} where a refusal was expected`);
  return r;
}

/** A multipart form as the typed client's `upload` sends it: the body's stream and its content type, boundary and all. */
export function multipart(form: FormData): [ReadableStream<Uint8Array>, string] {
  const encoded = new Response(form);
  return [encoded.body!, encoded.headers.get("content-type")!];
}

/** The typed client of a page request from one client address, sent as the portal sends it (X-Forwarded-For). */
export function clientFrom(api: TestApi, clientIp: string): ApiClient {
  return createApiClient({ fetch: (r) => api.fetch(r), baseUrl: "http://api.internal", apiKey: TEST_API_KEY, inProcess: api.inProcess, clientIp });
}

/** The typed client over another app on the test's database (`api.appWith(…).app`, say with small limits), made as `api.client()` is. */
export function appClient(app: App): ApiClient {
  return createApiClient({
    fetch: async (r) => app.fetch(r),
    baseUrl: "http://api.internal",
    apiKey: TEST_API_KEY,
    inProcess: async (r, env) => app.fetch(r, env),
  });
}
