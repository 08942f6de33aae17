import http from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import {
  bodyArb,
  bodyBytes,
  cookies as cookiesArb,
  extras as extrasArb,
  framing as framingArb,
  origin as originArb,
  query as queryArb,
  queryText,
  tus as tusArb,
  type Body,
  type Cookies,
  type Extras,
  type Framing,
  type Origin,
  type Query,
  type Tus,
} from "./grammar";
import { API_TUS_BASE, PORTAL_ACCOUNTS, type ApiEndpoint, type Live, type PortalRoute, send, type Target } from "./target";

// A case: one request, described by its target (a portal route with a session, an API endpoint with a
// token, a tus base) and its shape (grammar.ts). `render` turns it into bytes with the live sessions,
// `runBatch` sends a few at once and says which invariant broke.

/** How a route's or an endpoint's path parameters are filled. */
export type Fill = "real" | "one" | "uuid" | "garbage" | "huge" | "encoded";
const fillArb = fc.constantFrom<Fill>("real", "real", "one", "uuid", "garbage", "huge", "encoded");

const METHODS_PORTAL = fc.oneof(
  { weight: 12, arbitrary: fc.constant("POST") },
  { weight: 1, arbitrary: fc.constantFrom("GET", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "post", "BREW") },
);

export interface PortalCase {
  kind: "portal";
  /** the route template, "?index" appended for an index route */
  route: string;
  fill: Fill;
  role: string;
  method: string;
  query: Query;
  body: Body;
  cookies: Cookies;
  origin: Origin;
  extras: Extras;
  framing: Framing;
}

export interface ApiCase {
  kind: "api";
  /** "METHOD /api/v1/path/{id}" */
  endpoint: string;
  fill: Fill;
  key: "ok" | "missing" | "wrong" | "twice";
  /** the role whose token is sent ("own": the endpoint's own role), or none, or a forged one */
  bearer: "own" | "none" | "forged" | "applicant" | "superadmin" | "fasyankes";
  method: "own" | "POST" | "PUT" | "DELETE" | "GET";
  query: Query;
  body: Body;
  extras: Extras;
  framing: Framing;
}

export interface TusCase {
  kind: "tus";
  /** a portal tus base ("/submission-form/upload/tus") or the API's */
  base: string;
  role: string;
  tus: Tus;
  cookies: Cookies;
  origin: Origin;
  extras: Extras;
  framing: Framing;
}

export type Case = PortalCase | ApiCase | TusCase;

export const routeKey = (r: PortalRoute) => `${r.template}${r.index ? "?index" : ""}`;
export const endpointKey = (e: ApiEndpoint) => `${e.method} ${e.path}`;

/** The grammar of cases for this portal: its routes, its endpoints, its roles. */
export function caseArb(target: Pick<Target, "portal" | "api">): fc.Arbitrary<Case> {
  const forms = target.portal.filter((r) => !r.tus);
  const tusBases = [...target.portal.filter((r) => r.tus).map((r) => r.template.replace(/\/\*$/, "")), API_TUS_BASE];
  const roles = Object.keys(PORTAL_ACCOUNTS);
  const allKeys = [...new Set(target.api.flatMap((e) => e.keys))].sort();

  const portal: fc.Arbitrary<PortalCase> = fc.constantFrom(...forms).chain((r) =>
    fc.record({
      kind: fc.constant("portal" as const),
      route: fc.constant(routeKey(r)),
      fill: fillArb,
      // mostly who uses the route (an applicant on the upload forms), often anyone
      role:
        r.owners.length > 0
          ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...r.owners) }, { weight: 2, arbitrary: fc.constantFrom(...roles) })
          : fc.constantFrom(...roles),
      method: METHODS_PORTAL,
      query: queryArb,
      // an upload route's body streams to the API: multipart first there
      body: bodyArb(allKeys, r.upload ? { multipart: 8, urlencoded: 3, json: 1 } : { multipart: 4, urlencoded: 6, json: 1 }),
      cookies: cookiesArb,
      origin: originArb,
      extras: extrasArb,
      framing: framingArb,
    }),
  );

  const api: fc.Arbitrary<ApiCase> = fc.constantFrom(...target.api).chain((e) =>
    fc.record({
      kind: fc.constant("api" as const),
      endpoint: fc.constant(endpointKey(e)),
      fill: fillArb,
      key: fc.oneof(
        { weight: 12, arbitrary: fc.constant("ok" as const) },
        { weight: 1, arbitrary: fc.constantFrom("missing" as const, "wrong" as const, "twice" as const) },
      ),
      bearer: fc.oneof(
        { weight: 10, arbitrary: fc.constant("own" as const) },
        { weight: 1, arbitrary: fc.constantFrom("none" as const, "forged" as const, "applicant" as const, "superadmin" as const, "fasyankes" as const) },
      ),
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant("own" as const) },
        { weight: 1, arbitrary: fc.constantFrom("POST" as const, "PUT" as const, "DELETE" as const, "GET" as const) },
      ),
      query: queryArb,
      body: bodyArb(e.keys, e.multipart ? { multipart: 8, urlencoded: 1, json: 2 } : { multipart: 1, urlencoded: 1, json: 8 }),
      extras: extrasArb,
      framing: framingArb,
    }),
  );

  const tus: fc.Arbitrary<TusCase> = fc.record({
    kind: fc.constant("tus" as const),
    base: fc.constantFrom(...tusBases),
    role: fc.constantFrom("applicant", "applicant", "applicant", "fasyankes", "anonymous", "admin"),
    tus: tusArb,
    cookies: cookiesArb,
    origin: originArb,
    extras: extrasArb,
    framing: framingArb,
  });

  return fc.oneof({ weight: 6, arbitrary: portal }, { weight: 4, arbitrary: api }, { weight: 1, arbitrary: tus });
}

// ---------------------------------------------------------------------------------------------------
// Rendering

function fillValue(fill: Fill, name: string, live: Live): string {
  switch (fill) {
    case "real":
      return /othersId/.test(name) ? "others" : /requirement|request|doc/i.test(name) ? "1" : live.applicationId;
    case "one":
      return "1";
    case "uuid":
      return "00000000-0000-4000-8000-000000000000";
    case "garbage":
      return "%22%3E%3Cx%3E";
    case "huge":
      return "9".repeat(400);
    case "encoded":
      return "%2e%2e%2f%00";
  }
}

function portalPath(template: string, fill: Fill, live: Live): string {
  return template.replace(/:(\w+)\??/g, (_, name: string) => fillValue(fill, name, live));
}

function apiPath(template: string, fill: Fill, live: Live): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => fillValue(fill, name, live));
}

function cookieLines(c: Cookies, session: string): string[] {
  const jar: string[] = [];
  if (session) {
    if (c.session === "keep") jar.push(session);
    if (c.session === "twice") jar.push(session, session.replace(/=([^;]{0,12})/, "=x$1"));
    if (c.session === "garbled") jar.push(session.replace(/=(.*)$/, (_, v: string) => `=${v.split("").reverse().join("")}`));
  }
  // many cookies, or a few huge ones: repeated, a cookie keeps 40 characters
  for (let i = 0; i < c.times; i++) for (const e of c.extra) jar.push(`${e.name}=${c.times > 1 ? e.value.slice(0, 40) : e.value}`.replace(/[\r\n]/g, ""));
  if (jar.length === 0) return [];
  return c.split ? jar.map((j) => `Cookie: ${j}`) : [`Cookie: ${jar.join("; ")}`];
}

function originLines(o: Origin, base: string): string[] {
  switch (o.o) {
    case "same":
      return [`Origin: ${base}`];
    case "absent":
      return [];
    case "null":
      return ["Origin: null"];
    case "other":
      return ["Origin: https://evil.example"];
    case "twice":
      return [`Origin: ${base}`, "Origin: https://evil.example"];
    case "sec-fetch":
      return ["Sec-Fetch-Site: same-origin"];
    case "odd":
      return [`Origin: ${o.value.replace(/[\r\n]/g, "")}`];
  }
}

function extraLines(x: Extras): string[] {
  const lines: string[] = [];
  for (let i = 0; i < x.times; i++) for (const [n, v] of x.headers) lines.push(`${n}: ${v}`);
  if (x.folded && lines.length > 0) lines[lines.length - 1] += "\r\n folded";
  return lines;
}

/** The body framed as the case says: head lines for it, the bytes, and whether the sender half-closes. */
function frame(framing: Framing, bytes: Buffer, hasBody: boolean): { lines: string[]; bytes: Buffer; halfClose: boolean } {
  if (!hasBody && framing === "length") return { lines: ["Content-Length: 0"], bytes, halfClose: false };
  switch (framing) {
    case "length":
      return { lines: [`Content-Length: ${bytes.length}`], bytes, halfClose: false };
    case "chunked": {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += 1000) {
        const piece = bytes.subarray(at, at + 1000);
        chunks.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
      }
      chunks.push(Buffer.from("0\r\n\r\n"));
      return { lines: ["Transfer-Encoding: chunked"], bytes: Buffer.concat(chunks), halfClose: false };
    }
    case "bad-chunked":
      return { lines: ["Transfer-Encoding: chunked"], bytes: Buffer.concat([Buffer.from("zz\r\n"), bytes, Buffer.from("\r\n0\r\n\r\n")]), halfClose: false };
    case "short-length":
      return { lines: [`Content-Length: ${Math.floor(bytes.length / 2)}`], bytes, halfClose: false };
    case "half-close":
      return { lines: [`Content-Length: ${bytes.length + 100}`], bytes, halfClose: true };
    case "both":
      return { lines: [`Content-Length: ${bytes.length}`, "Transfer-Encoding: chunked"], bytes, halfClose: false };
  }
}

export interface Rendered {
  head: string;
  body: Buffer;
  halfClose: boolean;
  /** the role whose session the case used (renewed when the answer ends it) */
  role: string | null;
  /** what the case asked, for reports */
  line: string;
}

export function render(c: Case, live: Live): Rendered {
  const host = `Host: 127.0.0.1:${live.port}`;
  if (c.kind === "portal") {
    // an index route's key ends in "?index"; a template's own "?" marks an optional parameter
    const index = c.route.endsWith("?index") ? "index" : "";
    const template = index ? c.route.slice(0, -"?index".length) : c.route;
    const { type, bytes } = bodyBytes(c.body);
    const path = portalPath(template, c.fill, live) + queryText(c.query, index);
    const f = frame(c.framing, bytes, c.body.b !== "none");
    const lines = [
      `${c.method} ${path} HTTP/1.1`,
      host,
      "Connection: close",
      ...originLines(c.origin, live.base),
      ...cookieLines(c.cookies, live.cookies[c.role] ?? ""),
      ...(type !== null ? [`Content-Type: ${type}`] : []),
      ...f.lines,
      ...extraLines(c.extras),
    ];
    return { head: lines.join("\r\n"), body: f.bytes, halfClose: f.halfClose, role: c.role, line: `${c.role} ${c.method} ${path.slice(0, 200)}` };
  }
  if (c.kind === "api") {
    const [method, template] = c.endpoint.split(" ") as [string, string];
    const { type, bytes } = bodyBytes(c.body);
    // the one endpoint that deletes its caller without a body gets a caller it cannot delete (target.ts)
    const own = target(template, method) ?? "applicant";
    const chosen = c.bearer === "own" ? own : c.bearer === "none" || c.bearer === "forged" ? null : c.bearer;
    // the one endpoint that deletes its caller without a body never gets the applicant with the draft (target.ts)
    const role = template === "/api/v1/me/account" && chosen === "applicant" ? "applicant-submitted" : chosen;
    const auth = c.bearer === "forged" ? ["Authorization: Bearer forged.token.value"] : role ? [`Authorization: Bearer ${live.tokens[role] ?? ""}`] : [];
    const key =
      c.key === "ok"
        ? [`x-adaptasiapikey: ${live.apiKey}`]
        : c.key === "wrong"
          ? ["x-adaptasiapikey: wrong"]
          : c.key === "twice"
            ? [`x-adaptasiapikey: ${live.apiKey}`, "x-adaptasiapikey: other"]
            : [];
    const m = c.method === "own" ? method : c.method;
    const path = apiPath(template, c.fill, live) + queryText(c.query, "");
    const f = frame(c.framing, bytes, c.body.b !== "none");
    const lines = [
      `${m} ${path} HTTP/1.1`,
      host,
      "Connection: close",
      ...key,
      ...auth,
      ...(type !== null ? [`Content-Type: ${type}`] : []),
      ...f.lines,
      ...extraLines(c.extras),
    ];
    return { head: lines.join("\r\n"), body: f.bytes, halfClose: f.halfClose, role, line: `API ${role ?? "-"} ${m} ${path.slice(0, 200)}` };
  }
  const apiBase = c.base === API_TUS_BASE;
  const tail = c.tus.tail === "/known" ? `/${live.tusId}` : c.tus.tail;
  const path = `${c.base}${tail}`;
  const bytes = Buffer.alloc(c.tus.body.size, c.tus.body.fill);
  const f = frame(c.framing, bytes, bytes.length > 0 || c.tus.method === "PATCH");
  const auth = apiBase
    ? [`x-adaptasiapikey: ${live.apiKey}`, ...(live.tokens[c.role] ? [`Authorization: Bearer ${live.tokens[c.role]}`] : [])]
    : cookieLines(c.cookies, live.cookies[c.role] ?? "");
  const lines = [
    `${c.tus.method} ${path} HTTP/1.1`,
    host,
    "Connection: close",
    ...(apiBase ? [] : originLines(c.origin, live.base)),
    ...auth,
    ...c.tus.headers.map(([n, v]) => `${n}: ${v.replace(/[\r\n]/g, "")}`),
    ...f.lines,
    ...extraLines(c.extras),
  ];
  return { head: lines.join("\r\n"), body: f.bytes, halfClose: f.halfClose, role: c.role, line: `tus ${c.role} ${c.tus.method} ${path.slice(0, 200)}` };
}

// the endpoint list is global to a run: set by runBatch's caller through `useEndpoints`
let endpointRoles = new Map<string, string | null>();
export function useEndpoints(api: ApiEndpoint[]) {
  endpointRoles = new Map(api.map((e) => [`${e.method} ${e.path}`, e.role]));
}
function target(path: string, method: string): string | null {
  return endpointRoles.get(`${method} ${path}`) ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Invariants of one batch

/**
 * A plain Node HTTP server in this process: what its parser (the portal's, same Node) refuses — a head
 * past 16 KB, a NUL or a bare CR in a header, a broken chunk, both Content-Length and Transfer-Encoding —
 * it answers 400/431 and closes at once, and the close can overtake the answer while the request still
 * arrives. Such a request may go unanswered at the portal too: Node's doing, not the portal's.
 */
let mirror: Promise<number> | null = null;
function mirrorPort(): Promise<number> {
  mirror ??= new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(200, { connection: "close" }).end("ok"));
    });
    server.listen(0, "127.0.0.1", () => {
      server.unref();
      resolve((server.address() as AddressInfo).port);
    });
  });
  return mirror;
}

/**
 * When a request may get no answer at all: its sender hung up (half-close), or Node's HTTP parser refuses
 * it (see mirrorPort). A GET or HEAD carrying a body is answered like any other request: the server's
 * lingering close covers every body its head announces (server/request-body.ts `hasBody`).
 */
export async function mayGoUnanswered(r: Rendered): Promise<boolean> {
  if (r.halfClose) return true;
  const parsed = await send(await mirrorPort(), r.head, r.body, { timeoutMs: 10_000 });
  return parsed.status !== 200;
}

export interface Outcome {
  status: number | null;
  ms: number;
  line: string;
}

export interface Problem {
  /** which invariant: "process died", "server stopped answering", "5xx", "no answer" */
  kind: string;
  detail: string;
  /** what the server logged as the error (a 5xx), when it did */
  cause?: string;
}

/** The errors the server logged (pino JSON at level 50/60): their messages, for a 5xx's report and signature. */
function errorsLogged(log: string): string {
  const messages = new Set<string>();
  for (const line of log.split("\n")) {
    if (!/"level":(50|60)/.test(line)) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string } };
      messages.add([entry.err?.type, entry.err?.message ?? entry.msg].filter(Boolean).join(": ").slice(0, 200));
    } catch {
      messages.add(line.slice(0, 200));
    }
  }
  return [...messages].join(" | ");
}

/** Does the answer end the session it was sent with (a logout, a revoke, a deleted account)? */
function endsSession(head: string, line: string): boolean {
  return (
    /\/logout|\/revoke|\/me\/password|hapus-akun|\/session\//.test(line) ||
    /^set-cookie: __session=;|^set-cookie: __session=[^\r\n]*(max-age=0|expires=thu, 01 jan 1970)/im.test(head)
  );
}

/**
 * Sends the cases at once, then checks: each answered (or, half-closed, at least did not kill anything),
 * none answered 5xx, and the process lives and answers /healthz. Renews sessions a case ended.
 */
export async function runBatch(target: Target, cases: Case[], opts: { timeoutMs?: number } = {}): Promise<{ outcomes: Outcome[]; problem: Problem | null }> {
  const live = target.live();
  const logFrom = target.running().stdout().length;
  const rendered = cases.map((c) => render(c, live));
  const answers = await Promise.all(rendered.map((r) => send(live.port, r.head, r.body, { halfClose: r.halfClose, timeoutMs: opts.timeoutMs ?? 30_000 })));
  const outcomes = answers.map((a, i) => ({ status: a.status, ms: a.ms, line: rendered[i]!.line }));
  // A crash may come a moment after its answer: the process is asked whether it still answers.
  const healthy = await fetch(`${live.base}/healthz`, { signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) }).then(
    (r) => r.status === 200,
    () => false,
  );
  if (target.dead() || !healthy) {
    await new Promise((r) => setTimeout(r, 200));
    const stderr = target.running().stderr().split("\n").filter(Boolean).slice(-8).join("\n");
    const died = target.dead();
    return {
      outcomes,
      problem: {
        kind: died ? "process died" : "server stopped answering",
        detail: `${died ? `exit ${target.running().child.exitCode ?? target.running().child.signalCode}` : "/healthz did not answer"}; answers: ${outcomes.map((o) => `${o.line} → ${o.status ?? "none"}`).join(" | ")}\n${stderr}`,
      },
    };
  }
  for (const [i, a] of answers.entries()) {
    const r = rendered[i]!;
    if (a.timedOut) return { outcomes, problem: { kind: "no answer", detail: `${r.line}: nothing within ${opts.timeoutMs ?? 30_000} ms` } };
    if (a.status === null && !(await mayGoUnanswered(r)))
      return { outcomes, problem: { kind: "no answer", detail: `${r.line}: connection closed without an answer` } };
    if (a.status !== null && a.status >= 500) {
      const cause = errorsLogged(target.running().stdout().slice(logFrom));
      return { outcomes, problem: { kind: "5xx", detail: `${r.line} → ${a.status}${cause ? `\nlogged: ${cause}` : ""}\n${a.head.slice(0, 300)}`, cause } };
    }
  }
  for (const [i, a] of answers.entries()) {
    const role = rendered[i]!.role;
    if (role && role !== "anonymous" && endsSession(a.head, rendered[i]!.line)) {
      // a session that cannot be had again (the account changed) is reported by the run, not a failure of the case
      await target.relogin(role).catch((error: unknown) => target.lost(role, String(error)));
    }
  }
  return { outcomes, problem: null };
}
