import net from "node:net";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { endpointsOf, type Schema } from "../../api/test/bad-input/cases";
import { CATALOGUE } from "../reach/catalogue";
import { apiLogin, DEMO_PASSWORD, heapAfterGc, portalLogin, ROOT, type Running, startServer, stopServer, strongSecrets, tempDir } from "../faults/server";

// The fuzzer's target: the built portal as a real server in a child process (so a crash is a process that
// died, not a test that threw), with the demo data, logged in as each role, and the lists of what to aim
// at, derived from the build's route tree and the API's OpenAPI document, so a new route is fuzzed
// without anyone adding it here.

/** The portal's sessions: anonymous and each demo role (DESIGN §7). The applicant with a draft reaches the upload forms. */
export const PORTAL_ACCOUNTS: Record<string, string | null> = {
  anonymous: null,
  applicant: "pemohon.demo01@adaptasi.test",
  "applicant-new": "pemohon@adaptasi.test",
  "applicant-wna": "pemohon.wna@adaptasi.test",
  superadmin: "superadmin@adaptasi.test",
  admin: "admin@adaptasi.test",
  subkomite: "subkomite@adaptasi.test",
  pembekalan: "pembekalan@adaptasi.test",
  kolegium: "kolegium@adaptasi.test",
  kki: "kki@adaptasi.test",
  fasyankes: "fasyankes@adaptasi.test",
};

/**
 * The API's bearer tokens, per role of api/test/bad-input/cases.ts (roleFor). "applicant" owns a draft (the
 * upload endpoints read its body); DELETE /me/account, which needs no body to delete its caller, is sent
 * with "applicant-submitted" (answered 409: a submitted application is not deleted that way), or the fuzzer
 * would delete its own applicant on the first draw.
 */
export const API_ACCOUNTS: Record<string, string> = {
  applicant: "pemohon.demo01@adaptasi.test",
  "applicant-submitted": "pemohon.demo02@adaptasi.test",
  superadmin: "superadmin@adaptasi.test",
  admin: "admin@adaptasi.test",
  subkomite: "subkomite@adaptasi.test",
  fasyankes: "fasyankes@adaptasi.test",
};

/** A portal route with an action, as its path template (":id" and "?" params left in) and whether it is an index. */
export interface PortalRoute {
  template: string;
  index: boolean;
  /** streams uploads to the API (multipart goes through unread) */
  upload: boolean;
  /** a resumable-upload (tus) route ("…/tus/*") */
  tus: boolean;
  /** the sessions (PORTAL_ACCOUNTS) whose pages are in this route's area: who posts there for real */
  owners: string[];
}

/** The applicant accounts share the applicant's pages (one role). */
const SAME_ROLE: string[][] = [["applicant", "applicant-new", "applicant-wna"]];

/**
 * Who uses a route, from the page catalogue (tests/reach/catalogue.ts): the sessions with a page in the
 * same area (first path segment). The fuzzer draws these more often than others, so the upload forms
 * are reached by an applicant and not only refused to everyone else.
 */
function ownersOf(template: string): string[] {
  const area = template.split("/")[1] ?? "";
  const owners = new Set<string>();
  for (const visitor of CATALOGUE) {
    if (!visitor.pages.some((p) => (p.path.split("?")[0]!.split("/")[1] ?? "") === area)) continue;
    const role = Object.entries(PORTAL_ACCOUNTS).find(([, e]) => e === visitor.email)?.[0];
    if (!role) continue;
    for (const group of SAME_ROLE.filter((g) => g.includes(role))) for (const r of group) owners.add(r);
    owners.add(role);
  }
  return [...owners].sort();
}

export interface ApiEndpoint {
  method: string;
  path: string;
  role: string | null;
  multipart: boolean;
  /** the property names of its JSON body, at any depth: the keys the JSON grammar draws from */
  keys: string[];
}

/** The API's tus base (not in the OpenAPI document: tus has its own headers and answers; api/routes/uploads). */
export const API_TUS_BASE = "/api/v1/uploads";

export async function portalRoutes(buildDir = path.join(ROOT, "build")): Promise<PortalRoute[]> {
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const full = (id: string): string => {
    const r = build.routes[id];
    if (!r) return "";
    const parent = r.parentId ? full(r.parentId) : "";
    return r.path ? `${parent}/${r.path}` : parent;
  };
  const out = new Map<string, PortalRoute>();
  for (const r of Object.values(build.routes)) {
    if (typeof r.module.action !== "function") continue;
    const template = full(r.id) || "/";
    const upload = !!(r.module.handle as { streamsUpload?: boolean } | undefined)?.streamsUpload;
    out.set(`${template}|${!!r.index}`, { template, index: !!r.index, upload, tus: template.endsWith("/tus/*"), owners: ownersOf(template) });
  }
  return [...out.values()].sort((a, b) => a.template.localeCompare(b.template));
}

function keysOf(schema: Schema | undefined, into = new Set<string>()): Set<string> {
  if (!schema) return into;
  for (const [k, v] of Object.entries(schema.properties ?? {})) {
    into.add(k);
    keysOf(v, into);
  }
  if (schema.items) keysOf(schema.items, into);
  return into;
}

export async function apiEndpoints(base: string): Promise<ApiEndpoint[]> {
  const doc = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as Parameters<typeof endpointsOf>[0];
  return endpointsOf(doc).map((e) => ({ method: e.method, path: e.path, role: e.role, multipart: e.multipart, keys: [...keysOf(e.bodySchema)].sort() }));
}

/** What the fuzzer needs of the live server: where it is, its sessions, its ids. Sessions are renewed when a case ends one. */
export interface Live {
  port: number;
  base: string;
  apiKey: string;
  cookies: Record<string, string>;
  tokens: Record<string, string>;
  /** the draft of the "applicant" account */
  applicationId: string;
  /** a resumable upload the "applicant" started (a real id for PATCH/HEAD/DELETE) */
  tusId: string;
}

export interface Answer {
  status: number | null;
  head: string;
  ms: number;
  timedOut: boolean;
}

/**
 * Sends one request by hand (HTTP/1.1, "Connection: close") and reads the answer's head. `halfClose`:
 * the client stops sending and shuts its side after the bytes (the server may not answer then).
 */
export function send(port: number, head: string, body: Buffer, opts: { halfClose?: boolean; timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let done = false;
    let timedOut = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      // an interim answer (100 Continue to an Expect header) is followed by the real one: that one counts
      let answer = text;
      let status = /^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1];
      while (status?.startsWith("1") && answer.includes("\r\n\r\n")) {
        answer = answer.slice(answer.indexOf("\r\n\r\n") + 4);
        status = /^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? status;
        if (!/^HTTP\/1\.[01] /.test(answer)) break;
      }
      const end = answer.indexOf("\r\n\r\n");
      // only an interim answer and then the close: no answer
      resolve({
        status: status && !status.startsWith("1") ? Number(status) : null,
        head: end >= 0 ? answer.slice(0, end) : answer.slice(0, 4000),
        ms: performance.now() - started,
        timedOut,
      });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      finish();
    }, opts.timeoutMs ?? 30_000);
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => {
      if (text.length < 64 * 1024) text += d;
      // the head is all the fuzzer reads; the rest is drained until the server closes
    });
    socket.on("close", finish);
    socket.on("end", finish);
    socket.on("error", () => {});
    socket.on("connect", () => {
      socket.write(Buffer.from(`${head}\r\n\r\n`, "latin1"));
      let at = 0;
      const pump = () => {
        while (at < body.length && !done) {
          const piece = body.subarray(at, at + 64 * 1024);
          at += piece.length;
          if (!socket.write(piece)) return void socket.once("drain", pump);
        }
        if (opts.halfClose && !done) socket.end();
      };
      pump();
    });
  });
}

export interface Target {
  running(): Running;
  live(): Live;
  /** true when the server process has exited (a crash: the fuzzer never stops it itself mid-run) */
  dead(): boolean;
  /** after a crash: starts it again on the same data and logs in again; returns how many restarts so far */
  restart(): Promise<number>;
  /** logs the role in again (a case ended its session: a logout, a revoke) */
  relogin(role: string): Promise<void>;
  /** a session that could not be renewed, and why (the run reports them: its cases went on without it) */
  lost(role: string, why: string): void;
  lostSessions: Map<string, string>;
  /** the heap kept after a full garbage collection, and RSS (MB) */
  memory(): Promise<{ heapUsedMb: number; rssMb: number }>;
  portal: PortalRoute[];
  api: ApiEndpoint[];
  stop(): Promise<void>;
}

export interface TargetOptions {
  port: number;
  inspectPort: number;
  /** where the build is (default build/) */
  logLevel?: string;
}

/**
 * A set-up call tried again: a keep-alive connection the server closed after an answer (a tus answer,
 * a lingering close) fails the next request sent on it with "other side closed".
 */
async function retried<T>(fn: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (error) {
      if (i >= tries) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Starts the portal (embedded database, demo data) and logs in as each role, portal and API. */
export async function startTarget(opts: TargetOptions): Promise<Target> {
  const dataDir = tempDir("fuzz");
  const secrets = strongSecrets();
  const env = {
    PORT: String(opts.port),
    DATA_DIR: dataDir,
    LOG_LEVEL: opts.logLevel ?? "warn",
    JOBS_INTERVAL_SECONDS: "0",
    // The limits that answer 429 before a body is read would hide the body readers: lifted here,
    // where bodies are the subject (the limits have their own tests).
    RATE_LIMIT_UPLOADS_PER_MINUTE: "1000000",
    RATE_LIMIT_LOGIN_PER_IP: "1000000",
    RATE_LIMIT_LOGIN_PER_ACCOUNT: "1000000",
    RATE_LIMIT_SIGNUP_PER_IP: "1000000",
    RATE_LIMIT_MAIL_PER_EMAIL: "1000000",
    RATE_LIMIT_MAIL_PER_IP: "1000000",
    RATE_LIMIT_DATA_EXPORTS_PER_HOUR: "1000000",
    UPLOADS_IN_FLIGHT_PER_ACCOUNT: "1000",
    NODE_OPTIONS: `--inspect=127.0.0.1:${opts.inspectPort}`,
    ...secrets,
  };
  let server = await startServer(env, "/readyz", 180_000);
  const live: Live = { port: opts.port, base: server.base, apiKey: secrets.API_KEY, cookies: {}, tokens: {}, applicationId: "", tusId: "" };
  let restarts = 0;
  const lostSessions = new Map<string, string>();

  const login = async () => {
    for (const [role, email] of Object.entries(PORTAL_ACCOUNTS))
      live.cookies[role] = email ? await retried(() => portalLogin(server, email, DEMO_PASSWORD)) : "";
    for (const [role, email] of Object.entries(API_ACCOUNTS)) live.tokens[role] = await retried(() => apiLogin(server, email, DEMO_PASSWORD));
    const current = await retried(async () => {
      const r = await fetch(`${server.base}/api/v1/applications/current`, {
        headers: { "x-adaptasiapikey": live.apiKey, authorization: `Bearer ${live.tokens.applicant}` },
      });
      return (await r.json()) as { data: { id: string } | null };
    });
    live.applicationId = current.data?.id ?? "00000000-0000-0000-0000-000000000000";
    // A resumable upload of the applicant's, so PATCH, HEAD and DELETE meet a real one too (the first
    // document the draft takes; the fuzzer's own DELETEs may end it, after which they meet a gone one).
    const b64 = (t: string) => Buffer.from(t).toString("base64");
    let location = "";
    for (let requirement = 1; requirement <= 12 && !location; requirement++) {
      const created = await fetch(`${server.base}${API_TUS_BASE}`, {
        method: "POST",
        headers: {
          "x-adaptasiapikey": live.apiKey,
          authorization: `Bearer ${live.tokens.applicant}`,
          "tus-resumable": "1.0.0",
          "upload-length": "1000",
          "upload-metadata": `application ${b64(live.applicationId)},requirement ${b64(String(requirement))},form ${b64("adaptation")},filename ${b64("a.pdf")},filetype ${b64("application/pdf")}`,
        },
      }).catch(() => null);
      if (created?.status === 201) location = created.headers.get("location") ?? "";
    }
    live.tusId = location.split("/").pop() || "unknown";
  };
  let portal: PortalRoute[];
  let api: ApiEndpoint[];
  try {
    await login();
    portal = await portalRoutes();
    api = await retried(() => apiEndpoints(server.base));
  } catch (error) {
    // the server is this process's child: it must not outlive a set-up that failed
    await stopServer(server, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    running: () => server,
    live: () => live,
    dead: () => server.child.exitCode !== null || server.child.signalCode !== null,
    async restart() {
      await stopServer(server, "SIGKILL");
      restarts += 1;
      server = await startServer(env, "/readyz", 180_000);
      // The sessions outlive the process (signed cookies, tokens and their revocations in the database):
      // logging in again is only needed when one no longer works.
      const check = await fetch(`${server.base}/api/v1/admin/get-me`, {
        headers: { "x-adaptasiapikey": live.apiKey, authorization: `Bearer ${live.tokens.applicant}` },
      });
      if (check.status !== 200) await login();
      return restarts;
    },
    async relogin(role) {
      const email = PORTAL_ACCOUNTS[role];
      if (email) live.cookies[role] = await retried(() => portalLogin(server, email, DEMO_PASSWORD));
      const apiEmail = API_ACCOUNTS[role];
      if (apiEmail) live.tokens[role] = await retried(() => apiLogin(server, apiEmail, DEMO_PASSWORD));
      // one account may sit behind a portal role and an API role: both sessions end together
      for (const [other, e] of Object.entries(API_ACCOUNTS))
        if (other !== role && e === email) live.tokens[other] = await retried(() => apiLogin(server, e, DEMO_PASSWORD));
      for (const [other, e] of Object.entries(PORTAL_ACCOUNTS))
        if (other !== role && e && e === apiEmail) live.cookies[other] = await retried(() => portalLogin(server, e, DEMO_PASSWORD));
    },
    lost(role, why) {
      lostSessions.set(role, why);
    },
    lostSessions,
    async memory() {
      const heap = await heapAfterGc(opts.inspectPort);
      const line = readFileSync(`/proc/${server.child.pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
      return { heapUsedMb: heap.heapUsedMb, rssMb: line ? Number(line[1]) / 1024 : heap.rssMb };
    },
    portal,
    api,
    async stop() {
      await stopServer(server, "SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
