import http from "node:http";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIELD_NAME_LIMITS } from "#domain/form-field-names";
import { endpointsOf } from "../../api/test/bad-input/cases";
import { apiClient, apiLogin, ensureBuild, heapAfterGc, portalLogin, ROOT, type Running, startServer, stopServer, strongSecrets, tempDir } from "./server";
import { figure } from "../figures";
import { sentryIngest, type SentryIngest } from "./sentry-ingest";

// Hostile field names, and every other mistake a client can make, against the built portal. A 17-byte
// post (`email[99999999]=1`) once filled the heap: a form's field names are checked before anything
// expands them. The grammar below is thrown at every page route with an action (anonymous and logged in
// as four roles, urlencoded and multipart) and at every multipart endpoint of the API, while a second
// client loads /welcome. Then: no 5xx, 95 % of the /welcome loads within 1 s and none over 3 s (the suite runs
// two test files at once: a neighbour's burst of work must not fail this one), the heap kept after a full collection grows
// under 50 MB (RSS, which shows a spike, under 200 MB), and no
// error line in the log nor any event at a Sentry ingest on loopback (a client's mistake is no fault).

const PORT = 3396; // its own: 3390–3393 are two-instances.test.ts
const INSPECT_PORT = 3397;
let server: Running | undefined;
let ingest: SentryIngest;

let dataDir: string;

/** The hostile names: indices huge, negative, non-numeric; paths broken, nested, deep, long; unicode. */
function hostileNames(): string[] {
  const names = [
    "email[99999999]",
    "x[5000000]",
    `a[${FIELD_NAME_LIMITS.maxIndex + 1}]`,
    "a[4294967296]",
    "a[9007199254740993]",
    "a[-1]",
    "a[-99999999]",
    "a[abc]",
    "a[1e9]",
    "a[0x10]",
    "a[ 1]",
    "a[0][99999999]",
    "a.b[99999999].c",
    "items[2].files[50000000]",
    "a..b",
    "a.",
    ".a",
    "a]",
    "a[",
    "__proto__[polluted]",
    "constructor.prototype.polluted",
    Array.from({ length: 40 }, () => "a").join("."),
    "a" + "[0]".repeat(5_000),
    "a.".repeat(5_000) + "a",
    "x".repeat(100_000),
    "é[99999999]",
    "名前[99999999]",
    "\u202e[99999999]",
    "😀[99999999]",
    "a\u0000b",
  ];
  return names;
}

const encode = (name: string) => encodeURIComponent(name);
const urlencoded = (pairs: string[]) => ({ body: pairs.join("&"), type: "application/x-www-form-urlencoded" });
function multipart(names: string[]) {
  const boundary = "----hostile" + Math.random().toString(16).slice(2);
  const parts = names.map((n) => `--${boundary}\r\nContent-Disposition: form-data; name="${n.replace(/"/g, "%22").replace(/\r|\n/g, "")}"\r\n\r\n1\r\n`);
  return { body: `${parts.join("")}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

/** Every body of the corpus: one hostile name each (both encodings), 10,000 fields, 10,000 list entries. */
function corpus(): Array<{ kind: string; body: string; type: string }> {
  // Each body holds at least one name the rule refuses.
  const out: Array<{ kind: string; body: string; type: string }> = [];
  for (const name of hostileNames()) {
    const label = JSON.stringify(name.length > 40 ? `${name.slice(0, 20)}…(${name.length})` : name);
    out.push({ kind: `urlencoded ${label}`, ...urlencoded([`${encode(name)}=1`]) });
    out.push({ kind: `urlencoded raw ${label}`, ...urlencoded([`${name.replace(/[&=%+]/g, "")}=1`]) });
    out.push({ kind: `multipart ${label}`, ...multipart([name]) });
  }
  // A part without a name: the 49-byte post that ended the process from inside a busboy listener.
  for (const disposition of ["form-data", 'form-data; name=""', "form-data; name*=UTF-8''x", 'form-data; filename="a.pdf"']) {
    const body = `--X\r\nContent-Disposition: ${disposition}\r\n\r\n1\r\n--X--\r\n`;
    out.push({ kind: `multipart nameless ${JSON.stringify(disposition)}`, body, type: "multipart/form-data; boundary=X" });
  }
  const many = Array.from({ length: 10_000 }, (_, i) => `f${i}`);
  out.push({ kind: "urlencoded 10,000 fields", ...urlencoded(many.map((n) => `${n}=1`)) });
  out.push({ kind: "multipart 10,000 fields", ...multipart(many) });
  out.push({ kind: "urlencoded 10,000 list entries", ...urlencoded(Array.from({ length: 10_000 }, (_, i) => `a%5B${i}%5D=1`)) });
  return out;
}

/** Resident memory of the server process, in MB (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
}

/** The page routes with an action, as URL paths (parameters filled in), from the build's route tree. */
async function actionPaths(): Promise<string[]> {
  const build = (await import(path.join(ROOT, "build/server/index.js"))) as ServerBuild;
  const full = (id: string): string => {
    const r = build.routes[id];
    if (!r) return "";
    const parent = r.parentId ? full(r.parentId) : "";
    return r.path ? `${parent}/${r.path}` : parent;
  };
  const paths = Object.values(build.routes)
    .filter((r) => typeof r.module.action === "function")
    .map((r) => ({
      p:
        full(r.id)
          .replace(/\/:(\w+)\?/g, "/1")
          .replace(/\/:(\w+)/g, "/1") || "/",
      index: r.index,
    }))
    .map(({ p, index }) => (index ? `${p}?index` : p));
  return [...new Set(paths)].sort();
}

/** Runs `work` while another client loads /welcome every 20 ms; returns every /welcome's status and time. */
async function whileWelcomeLoads<T>(work: () => Promise<T>): Promise<{ result: T; welcome: Array<{ status: number; ms: number }> }> {
  const welcome: Array<{ status: number; ms: number }> = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const status = await fetch(`${server!.base}/welcome`).then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => 0,
      );
      welcome.push({ status, ms: performance.now() - started });
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    return { result: await work(), welcome };
  } finally {
    running = false;
    await loop;
  }
}

/** Sends requests `parallel` at a time; returns each one's status (0: no answer). */
async function sendAll(requests: Array<() => Promise<number>>, parallel = 6): Promise<number[]> {
  const statuses: number[] = new Array(requests.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < requests.length) {
        const i = next++;
        statuses[i] = await requests[i]().catch(() => 0);
      }
    }),
  );
  return statuses;
}

beforeAll(async () => {
  await ensureBuild();
  // Only an error event is a fault: the SDK also sends client reports (the count of events our beforeSend
  // dropped, flushed later) and sessions, which say nothing went wrong.
  ingest = await sentryIngest();
  const dsn = ingest.dsn;
  dataDir = tempDir("field-names");
  // The embedded database with its demo data, as `npm start` runs; logs at info, as in production.
  // The cap on uploads per minute would answer 429 before a name is read: lifted here, where names are the subject.
  // The inspector on loopback lets the test collect garbage before it reads the heap (heapAfterGc).
  server = await startServer({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SENTRY_DSN: dsn,
    LOG_LEVEL: "info",
    JOBS_INTERVAL_SECONDS: "0",
    RATE_LIMIT_UPLOADS_PER_MINUTE: "100000",
    NODE_OPTIONS: `--inspect=127.0.0.1:${INSPECT_PORT}`,
    ...strongSecrets(),
  });
}, 240_000);

afterAll(async () => {
  await stopServer(server, "SIGKILL");
  await ingest?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("hostile field names", () => {
  it("every page route with an action and every multipart endpoint of the API answers 4xx, while /welcome keeps answering and memory stays flat", async () => {
    const s = server!;
    const origin = { origin: s.base };
    const cookies: Record<string, string> = { anonymous: "" };
    for (const [role, email] of [
      ["applicant", "pemohon.demo01@adaptasi.test"],
      ["admin", "admin@adaptasi.test"],
      ["superadmin", "superadmin@adaptasi.test"],
      ["facility", "fasyankes@adaptasi.test"],
    ]) {
      cookies[role] = await portalLogin(s, email);
    }
    const paths = await actionPaths();
    expect(paths.length).toBeGreaterThan(30);
    const bodies = corpus();

    // Warm up (the pages, the API, the JIT), then the memory it settles at.
    await sendAll(
      paths.map((p) => () => fetch(`${s.base}${p}`, { headers: { cookie: cookies.applicant } }).then(async (r) => (await r.arrayBuffer(), r.status))),
    );
    await sendAll(
      paths.map(
        (p) => () =>
          fetch(`${s.base}${p}`, {
            method: "POST",
            headers: { ...origin, "content-type": "application/x-www-form-urlencoded", cookie: cookies.applicant },
            body: "a=1",
          }).then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    const before = rssMb(s.child.pid!);
    const heapBefore = await heapAfterGc(INSPECT_PORT);

    // The portal: every route × every body anonymously; logged in as each role, every route × a few bodies
    // (the names are checked before the page runs, whoever asks).
    const few = bodies.filter((b) => /email\[99999999\]|10,000 fields|\(100000\)|nameless/.test(b.kind));
    const portal: Array<{ what: string; run: () => Promise<number> }> = [];
    for (const p of paths) {
      for (const [role, cookie] of Object.entries(cookies)) {
        for (const b of role === "anonymous" ? bodies : few) {
          portal.push({
            what: `${role} POST ${p} ${b.kind}`,
            run: () =>
              fetch(`${s.base}${p}`, {
                method: "POST",
                redirect: "manual",
                headers: { ...origin, "content-type": b.type, ...(cookie ? { cookie } : {}) },
                body: b.body,
              }).then(async (r) => (await r.arrayBuffer(), r.status)),
          });
        }
      }
    }

    // The API: every multipart endpoint, with the token of a role that may post to it, multipart bodies only.
    const api = apiClient(s);
    const tokens = {
      applicant: await apiLogin(s, "pemohon.demo01@adaptasi.test"),
      admin: await apiLogin(s, "admin@adaptasi.test"),
      superadmin: await apiLogin(s, "superadmin@adaptasi.test"),
      fasyankes: await apiLogin(s, "fasyankes@adaptasi.test"),
      subkomite: await apiLogin(s, "subkomite@adaptasi.test"),
    };
    const current = (await (await api("/applications/current", { token: tokens.applicant })).json()) as { data: { id: string } | null };
    expect(current.data?.id, "the demo applicant's draft").toBeTruthy();
    const doc = (await (await fetch(`${s.base}/api/v1/openapi.json`)).json()) as Parameters<typeof endpointsOf>[0];
    const multipartEndpoints = endpointsOf(doc).filter((e) => e.multipart);
    expect(multipartEndpoints.length).toBeGreaterThanOrEqual(4);
    const refusedByName: string[] = [];
    const apiRequests: Array<{ what: string; run: () => Promise<number> }> = [];
    for (const e of multipartEndpoints) {
      const url = e.path.replace(/\{id\}/, current.data!.id).replace(/\{\w+\}/g, "1");
      const token = tokens[(e.role ?? "applicant") as keyof typeof tokens] ?? tokens.applicant;
      for (const b of bodies.filter((x) => x.type.startsWith("multipart"))) {
        apiRequests.push({
          what: `API ${e.method} ${e.path} ${b.kind}`,
          run: async () => {
            const r = await api(url.replace(/^\/api\/v1/, ""), { method: e.method, token, headers: { "content-type": b.type }, body: b.body });
            const answer = (await r.json().catch(() => ({}))) as { error?: { code?: string } };
            if (answer.error?.code === "FIELD_NAME_REFUSED") refusedByName.push(e.path);
            return r.status;
          },
        });
      }
    }

    const all = [...portal, ...apiRequests];
    const started = performance.now();
    const { result: statuses, welcome } = await whileWelcomeLoads(() => sendAll(all.map((r) => r.run)));
    const seconds = (performance.now() - started) / 1000;
    const after = rssMb(s.child.pid!);
    const heapAfter = await heapAfterGc(INSPECT_PORT);

    const serverErrors = all.map((r, i) => `${r.what}: ${statuses[i]}`).filter((_, i) => statuses[i] >= 500 || statuses[i] === 0);
    expect(serverErrors, "no 5xx and no dropped connection").toEqual([]);
    // Past the body reader no route saw a hostile name: each such post is refused 400 before the page runs.
    const portalStatuses = statuses.slice(0, portal.length);
    const notRefused = portal.map((r, i) => `${r.what}: ${portalStatuses[i]}`).filter((_, i) => portalStatuses[i] !== 400);
    const uploadRoutesOnly = notRefused.filter(
      (w) => !/upload|guidebook|adaptation-form|reupload-form|additional-requirements|application-status-detail/.test(w),
    );
    expect(uploadRoutesOnly, "every non-upload route refuses the body with 400").toEqual([]);
    // The API saw the hostile names on each multipart endpoint the token may use, and refused them by name.
    expect(new Set(refusedByName)).toEqual(
      new Set(
        ["/api/v1/applications/{id}/documents", "/api/v1/me/profile/photo", "/api/v1/admin/cms/guidebook"].filter((p) =>
          multipartEndpoints.some((e) => e.path === p),
        ),
      ),
    );

    const times = welcome.map((w) => w.ms).sort((a, b) => a - b);
    const slowest = times[times.length - 1]!;
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!;
    expect(welcome.length).toBeGreaterThan(10);
    // Every /welcome answered while the corpus ran; how fast is `npm run bench`'s (budgets: p95 1 s, slowest 3 s).
    expect(welcome.every((w) => w.status === 200)).toBe(true);
    figure("field-names.welcome-p95-ms", p95);
    figure("field-names.welcome-slowest-ms", slowest);
    // What the server keeps: its heap after a full collection grows by less than 50 MB over the corpus.
    expect(heapAfter.heapUsedMb - heapBefore.heapUsedMb, "retained heap growth under 50 MB").toBeLessThan(50);
    // What it took at the most: RSS does not give memory back at once, so it shows a spike. It grew 28–37 MB
    // alone and up to 105 MB in CI runs (the heap grows under load before it collects); one expanded name
    // costs far more: `x[5000000]=1` took ~450 MB, `email[99999999]=1` the whole heap.
    expect(after - before, "RSS growth under 200 MB").toBeLessThan(200);
    console.log(
      `hostile field names: ${all.length} requests (${portal.length} portal: ${paths.length} routes × ${Object.keys(cookies).length} sessions × ${bodies.length} bodies; ` +
        `${apiRequests.length} API: ${multipartEndpoints.length} multipart endpoints) in ${seconds.toFixed(1)} s; ` +
        `/welcome ${welcome.length}× p95 ${p95.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms; heap after GC ${heapBefore.heapUsedMb.toFixed(1)} → ${heapAfter.heapUsedMb.toFixed(1)} MB ` +
        `(${(heapAfter.heapUsedMb - heapBefore.heapUsedMb).toFixed(1)} MB); RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB (${(after - before).toFixed(1)} MB)`,
    );
  }, 300_000);
});

describe("a client's mistakes are not the server's faults", () => {
  it("answer 4xx, never 5xx, are logged at most as warnings and never reach Sentry", async () => {
    const s = server!;
    const origin = s.base;
    const cookie = await portalLogin(s, "pemohon@adaptasi.test");
    const post = (p: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${s.base}${p}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin, "content-type": "application/x-www-form-urlencoded", ...headers },
        body,
      });
    const rawHost = (host: string) =>
      new Promise<number>((resolve) => {
        const req = http.request({ host: "127.0.0.1", port: s.port, path: "/login", headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", () => resolve(0));
        req.end();
      });
    const logBefore = s.stdout().length;
    const errBefore = s.stderr().length;
    const eventsBefore = ingest.events().length;
    const answers: Record<string, number> = {
      "_data on /login": (await fetch(`${s.base}/login?_data=routes%2Faccounts%2Flogin`)).status,
      "_data empty": (await fetch(`${s.base}/login?_data=`)).status,
      "_data on a POST to /login": (await post("/login?_data=routes%2Faccounts%2Flogin", "email=a%40b.id&password=x")).status,
      "_data on /sign-up": (await post("/sign-up?_data=routes%2Faccounts%2Fsign-up", "email=x")).status,
      "_data on /forgot-password/email": (await post("/forgot-password/email?_data=routes%2Faccounts%2Fforgot-password.email", "email=x")).status,
      "_data on /wna/login": (await post("/wna/login?_data=x", "email=x")).status,
      "_routes garbage": (await fetch(`${s.base}/login.data?_routes=%00%ff,,root`)).status,
      "index garbage": (await post("/login?index=%ff&index", "email=x")).status,
      "a post to a page without an action": (await post("/welcome", "a=1")).status,
      "a post to a page without an action, single fetch": (await post("/welcome.data", "a=1")).status,
      "a post to the applicant's index": (await post("/?index", "a=1", { cookie })).status,
      "a port beyond 65535 in Host": await rawHost("127.0.0.1:99999"),
      "a garbled Host": await rawHost("[::1"),
      "a malformed percent-encoding": (await fetch(`${s.base}/%E0%A4%A`)).status,
      "JSON where a form belongs": (await post("/login", '{"email":', { "content-type": "application/json" })).status,
      "a broken multipart body": (await post("/login", "--x\r\ngarbage", { "content-type": "multipart/form-data; boundary=x" })).status,
      "an API call without its key": (await fetch(`${s.base}/api/v1/admin/get-me`)).status,
      "an API call with broken JSON": (await apiClient(s)("/login", { body: '{"a":', headers: { "content-type": "application/json" } })).status,
      "an API call with a forged token": (await apiClient(s)("/admin/get-me", { token: "forged.token.value" })).status,
    };
    for (const [what, status] of Object.entries(answers)) {
      expect(status, what).toBeGreaterThanOrEqual(200);
      expect(status, what).toBeLessThan(500);
    }
    // The page's own answers to a post without an action: 405 with the error screen, no route file named.
    const refused = await post("/welcome", "a=1");
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET, HEAD");
    const page = await refused.text();
    expect(page).toContain("Terjadi kesalahan, silahkan kembali ke awal");
    expect(page).not.toMatch(/routes\/|did not provide an `action`/);

    // Sentry sends in the background; the instance sends what it still holds before it exits (SIGTERM),
    // so after its exit the ingest has every event the mistakes caused. This is the file's last test.
    await stopServer(s, "SIGTERM");
    const lines = s.stdout().slice(logBefore).split("\n").filter(Boolean);
    const errors = lines.filter((l) => /"level":(50|60)/.test(l));
    expect(errors, "no error line for a client's mistake").toEqual([]);
    expect(s.stderr().slice(errBefore)).not.toMatch(/answered 5xx|TypeError|RangeError/);
    const since = ingest.events().slice(eventsBefore);
    expect(
      since.map((e) => JSON.stringify(e).slice(0, 400)),
      "no Sentry event",
    ).toEqual([]);
  }, 120_000);
});
