import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirementsFor } from "#domain/documents";
import { endpointsOf } from "../../api/test/bad-input/cases";
import { uploadRoutes } from "../../server/request-body";
import { pdf } from "../fixtures/files";
import { multipartBody, rawRequest, throttlingProxy } from "./raw-http";
import { apiClient, apiLogin, ensureBuild, portalLogin, ROOT, startServer, stopServer, strongSecrets, tempDir, type Running } from "./server";
import { figure } from "../figures";
import { FOREIGN_DOCTOR } from "../fixtures/people";

// One lost phone signal must not stop the portal. The built server takes bodies that are
// cut short, abandoned mid-file, garbled, stalled, throttled to 1 kB/s and far too large, on every
// multipart endpoint of the API and every upload route of the portal, while another client keeps
// loading /welcome. The process stays up, every /welcome answers 200, no temporary file stays behind,
// and nothing from a broken body is stored.

const PORT = 3380;
const IDLE_SEC = 5;
/** The slow phone's upload, in kB at 1 kB/s: 40 by default (8× the idle timeout); 320 for a run past 300 s. */
const SLOW_UPLOAD_KB = Number(process.env.FAULTS_SLOW_UPLOAD_KB ?? 40);
const MB = 1024 * 1024;
// "Not read to the end": the answer comes while most of a 100 MB body is still unsent. How much went
// out before the sender noticed depends on how busy the machine is, hence the wide margin.

let dataDir: string;
let server: Running | undefined;
const secrets = strongSecrets();

/** The portal's and the API's answer to one request, as seen by the sender. */
interface Target {
  name: string;
  /** path and query, e.g. /api/v1/me/profile/photo */
  url: string;
  headers: Record<string, string>;
  field: string;
  /** the field's limit in bytes */
  limit: number;
  /** what this route does with the body: parse it, or answer before reading (a redirect) */
  reads: boolean;
}

let targets: Target[] = [];
/** The 1 kB/s upload, started once everything is set up and awaited by the last test. */
let slowUpload: Promise<{ status: number | null; text: string; seconds: number; bytes: number }>;
let applicantApp: string;
let applicantToken: string;
let applicantCookie: string;
const REG = requirementsFor("REG");
const REG_2MB = REG.find((r) => r.max_size === 2)!;
const REG_5MB = REG.find((r) => r.max_size === 5)!;
const OTH = requirementsFor("OTH")[0];

/** Temporary upload files named at or after `since` (their names start with the time they were made). */
const tmpFiles = (since: number) => {
  const dir = path.join(dataDir, "files", "tmp");
  return (existsSync(dir) ? readdirSync(dir) : []).filter((f) => Number(f.split("-")[0]) >= since);
};

/**
 * Waits until no temporary upload file made since `since` is left (cleanup runs after the answer),
 * at most 5 s. The slow upload running in the background made its own before every test began.
 */
async function noTemporaryFiles(since: number): Promise<string[]> {
  for (let i = 0; i < 50 && tmpFiles(since).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  return tmpFiles(since);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Loads /welcome every 50 ms while `work` runs; every answer must be 200. */
async function whileWelcomeLoads<T>(work: () => Promise<T>): Promise<{ result: T; welcome: number[] }> {
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      statuses.push(
        await fetch(`${server!.base}/welcome`).then(
          (r) => r.status,
          () => 0,
        ),
      );
      await sleep(50);
    }
  })();
  try {
    return { result: await work(), welcome: statuses };
  } finally {
    running = false;
    await loop;
  }
}

function head(target: Target, contentType: string, length: number | "chunked"): string {
  const lines = [
    `POST ${target.url} HTTP/1.1`,
    `Host: 127.0.0.1:${PORT}`,
    `Origin: http://127.0.0.1:${PORT}`,
    "Connection: close",
    `Content-Type: ${contentType}`,
    length === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${length}`,
    ...Object.entries(target.headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return lines.join("\r\n");
}

/** The documents of the applicant's draft, as the API lists them: nothing broken may add one. */
async function applicantDocuments(): Promise<string> {
  const res = await apiClient(server!)(`/applications/${applicantApp}`, { token: applicantToken });
  const data = ((await res.json()) as { data: { documents: Array<{ requirement_id: number; version: number; file_id: string }> } }).data;
  return JSON.stringify(data.documents.map((d) => [d.requirement_id, d.version, d.file_id]).sort());
}

beforeAll(async () => {
  await ensureBuild();
  dataDir = tempDir("hostile");
  server = await startServer({
    NODE_ENV: "test", // the first start seeds the demo data on the embedded store
    PORT: String(PORT),
    DATA_DIR: dataDir,
    ...secrets,
    HTTP_IDLE_TIMEOUT_SEC: String(IDLE_SEC),
    RATE_LIMIT_LOGIN_PER_ACCOUNT: "1000",
    RATE_LIMIT_LOGIN_PER_IP: "100000",
    // Hundreds of cut uploads from the same demo accounts: the cap per minute has its own API test.
    RATE_LIMIT_UPLOADS_PER_MINUTE: "100000",
  });
  const api = apiClient(server);
  const bearer = (token: string) => ({ "x-adaptasiapikey": secrets.API_KEY, Authorization: `Bearer ${token}` });

  // The applicant with a REG draft.
  applicantToken = await apiLogin(server, "pemohon@adaptasi.test");
  const created = await api("/applications", { token: applicantToken, json: { jalur_id: "REG" } });
  expect(created.status).toBe(201);
  applicantApp = ((await created.json()) as { data: { id: string } }).data.id;
  applicantCookie = await portalLogin(server, "pemohon@adaptasi.test");

  // The demo applicant whose SPE file was sent back for documents 15 and 17.
  const reuploadToken = await apiLogin(server, "pemohon.demo03@adaptasi.test");
  const reuploadApp = ((await (await api("/applications/current", { token: reuploadToken })).json()) as { data: { id: string; status: string } }).data;
  expect(reuploadApp.status).toBe("REUPLOAD");
  const reuploadCookie = await portalLogin(server, "pemohon.demo03@adaptasi.test");

  // A reviewer asks an SPE applicant for an additional document.
  const reviewer = await apiLogin(server, "subkomite@adaptasi.test");
  const list = (await (await api("/review/applications?jalur=SPE", { token: reviewer })).json()) as {
    data: Array<{ id: string; may_decide: boolean; applicant_email: string }>;
  };
  const spe = list.data.find((a) => a.may_decide)!;
  expect(spe, "a demo SPE file open at the Sub-Komite's stage").toBeTruthy();
  const asked = await api(`/review/applications/${spe.id}/additional-requirements`, { token: reviewer, json: { title: "Surat rekomendasi rumah sakit asal" } });
  expect(asked.status).toBe(201);
  const requestId = ((await asked.json()) as { data: { items: Array<{ id: number }> } }).data.items[0].id;
  const speToken = await apiLogin(server, spe.applicant_email);
  const speCookie = await portalLogin(server, spe.applicant_email);

  // A verified facility registers a professional (a draft to upload to).
  const facilityToken = await apiLogin(server, "fasyankes@adaptasi.test");
  const institutionId = ((await (await api("/institutions?q=malaya", { token: facilityToken })).json()) as { data: Array<{ id: number }> }).data[0].id;
  const kinds = ((await (await api("/activity-kinds", { token: facilityToken })).json()) as { data: Array<{ id: number }> }).data;
  const tag = Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join("");
  const registered = await api("/registrations", {
    token: facilityToken,
    json: {
      full_name: `Maria ${tag}`,
      email: `nakes.${tag}@contoh.id`,
      ...FOREIGN_DOCTOR,
      identity_number: `P${String(Date.now()).slice(-7)}`,
      institution_id: institutionId,
      jalur_id: "OTH",
      activity_kind_id: kinds[0].id,
    },
  });
  expect(registered.status).toBe(201);
  const registration = ((await registered.json()) as { data: { application: { id: string } } }).data.application.id;
  const othersId = kinds[0].id;
  const facilityCookie = await portalLogin(server, "fasyankes@adaptasi.test");
  const adminToken = await apiLogin(server, "admin@adaptasi.test");
  const adminCookie = await portalLogin(server, "admin@adaptasi.test");

  // Every multipart endpoint of the API (from its OpenAPI document): a new one fails here until added.
  const doc = await (await fetch(`${server.base}/api/v1/openapi.json`)).json();
  const apiTarget: Record<string, Omit<Target, "name">> = {
    "/api/v1/applications/{id}/documents": {
      url: `/api/v1/applications/${applicantApp}/documents`,
      headers: bearer(applicantToken),
      field: `doc_${REG_2MB.id}`,
      limit: 2 * MB,
      reads: true,
    },
    "/api/v1/applications/{id}/reupload": {
      url: `/api/v1/applications/${reuploadApp.id}/reupload`,
      headers: bearer(reuploadToken),
      field: "doc_15",
      limit: 2 * MB,
      reads: true,
    },
    "/api/v1/applications/{id}/additional-requirements/{requestId}/file": {
      url: `/api/v1/applications/${spe.id}/additional-requirements/${requestId}/file`,
      headers: bearer(speToken),
      field: "file",
      limit: 5 * MB,
      reads: true,
    },
    "/api/v1/admin/cms/guidebook": { url: "/api/v1/admin/cms/guidebook", headers: bearer(adminToken), field: "file", limit: 5 * MB, reads: true },
    "/api/v1/me/profile/photo": { url: "/api/v1/me/profile/photo", headers: bearer(applicantToken), field: "photo", limit: 2 * MB, reads: true },
  };
  const multipartEndpoints = endpointsOf(doc).filter((e) => e.multipart);
  for (const e of multipartEndpoints) {
    const t = apiTarget[e.path];
    expect(t, `a target for the multipart endpoint ${e.method} ${e.path}`).toBeTruthy();
    targets.push({ name: `API ${e.path}`, ...t });
  }

  // Every portal route that streams an upload (handle.streamsUpload in the build).
  const portal: Target[] = [
    {
      name: "/submission-form/adaptation-form",
      url: "/submission-form/adaptation-form",
      headers: { Cookie: applicantCookie },
      field: `doc_${REG_2MB.id}`,
      limit: 2 * MB,
      reads: true,
    },
    {
      name: "/submission-form/reupload-form",
      url: "/submission-form/reupload-form",
      headers: { Cookie: reuploadCookie },
      field: "doc_17",
      limit: 2 * MB,
      reads: true,
    },
    { name: "/personal-data/upload-file", url: "/personal-data/upload-file", headers: { Cookie: applicantCookie }, field: "photo", limit: 2 * MB, reads: true },
    { name: "/master-cms/guidebook", url: "/master-cms/guidebook", headers: { Cookie: adminCookie }, field: "file", limit: 5 * MB, reads: true },
    {
      name: "/portfolio/additional-requirements",
      url: `/portfolio/additional-requirements?request=${requestId}`,
      headers: { Cookie: speCookie },
      field: "file",
      limit: 5 * MB,
      reads: true,
    },
    {
      name: "/register-competency-evaluation/path/:othersId/upload-file",
      url: `/register-competency-evaluation/path/${othersId}/upload-file?id=${registration}`,
      headers: { Cookie: facilityCookie },
      field: `doc_${OTH.id}`,
      limit: OTH.max_size * MB,
      reads: true,
    },
    ...(["regular", "exception"] as const).map((kind) => ({
      name: `/register-competency-evaluation/path/${kind}/upload-file`,
      url: `/register-competency-evaluation/path/${kind}/upload-file?id=${registration}`,
      headers: { Cookie: facilityCookie },
      field: `doc_${OTH.id}`,
      limit: OTH.max_size * MB,
      reads: false, // the draft is on OTH: the page sends the facility to its own pathway before reading
    })),
    // The resumable upload routes (tus) take no multipart body: a POST creates an upload from its headers,
    // which these lack, so the API refuses it and the body is left unread.
    {
      name: "/submission-form/upload/tus",
      url: "/submission-form/upload/tus",
      headers: { Cookie: applicantCookie },
      field: `doc_${REG_2MB.id}`,
      limit: 2 * MB,
      reads: false,
    },
    {
      name: "/register-competency-evaluation/upload/tus",
      url: "/register-competency-evaluation/upload/tus",
      headers: { Cookie: facilityCookie },
      field: `doc_${OTH.id}`,
      limit: OTH.max_size * MB,
      reads: false,
    },
    // The facility's reupload page redirects a draft before reading: the body is left unread.
    {
      name: "/application-status/application-status-detail",
      url: `/application-status/application-status-detail?id=${registration}`,
      headers: { Cookie: facilityCookie },
      field: `doc_${OTH.id}`,
      limit: OTH.max_size * MB,
      reads: false,
    },
  ];
  const build = (await import(path.join(ROOT, "build/server/index.js"))) as { routes: Parameters<typeof uploadRoutes>[0]["routes"] };
  const routePaths = Object.entries(build.routes).filter(([, r]) => (r.module.handle as { streamsUpload?: boolean } | undefined)?.streamsUpload);
  for (const [id] of routePaths) {
    const only = uploadRoutes({
      routes: { ...build.routes, ...Object.fromEntries(routePaths.filter(([other]) => other !== id).map(([other, r]) => [other, { ...r, module: {} }])) },
    } as never);
    expect(
      portal.some((t) => only(new URL(t.url, "http://x").pathname)),
      `a target for the upload route ${id}`,
    ).toBe(true);
  }
  targets.push(...portal);

  // A phone on a poor uplink: 1 kB/s through a throttling proxy, many times the idle timeout, to the
  // portal's upload route; another applicant's draft, so the other tests' checks on the first
  // applicant's documents hold. It runs while the other tests do. Node's 300 s cap on a request is off
  // (server/timeouts.test.ts checks applyTimeouts); FAULTS_SLOW_UPLOAD_KB=320 sends 320 kB, which takes
  // over 300 s and shows it on the running server, at the cost of five minutes of the suite.
  const slowCookie = await portalLogin(server, "pemohon.wna@adaptasi.test");
  const slowToken = await apiLogin(server, "pemohon.wna@adaptasi.test");
  expect((await api("/applications", { token: slowToken, json: { jalur_id: "OTH" } })).status).toBe(201);
  const proxy = await throttlingProxy(PORT, 1024);
  const base = await pdf();
  const slowFile = Buffer.concat([
    Buffer.from(base),
    Buffer.from(`\n%${randomBytes(Math.max(0, SLOW_UPLOAD_KB * 512 - base.byteLength / 2)).toString("hex")}\n`),
  ]);
  const slowBoundary = "----slowphone";
  const slowBody = multipartBody(slowBoundary, [{ name: `doc_${OTH.id}`, filename: "lambat.pdf", type: "application/pdf", data: slowFile }]);
  const slowTarget: Target = {
    name: "slow",
    url: `/submission-form/adaptation-form?intent=upload&doc=${OTH.id}`,
    headers: { Cookie: slowCookie },
    field: `doc_${OTH.id}`,
    limit: OTH.max_size * MB,
    reads: true,
  };
  const started = Date.now();
  slowUpload = rawRequest(proxy.port, head(slowTarget, `multipart/form-data; boundary=${slowBoundary}`, slowBody.length), slowBody, {
    chunk: 4096,
    timeoutMs: 420_000,
  })
    .then((answer) => ({ status: answer.status, text: answer.text, seconds: (Date.now() - started) / 1000, bytes: slowBody.length }))
    .finally(() => proxy.close());
  // Its temporary file exists before any test starts, so the tests' own checks can tell it apart.
  for (let i = 0; i < 100 && tmpFiles(0).length === 0; i++) await sleep(100);
  await sleep(50);
}, 240_000);

afterAll(async () => {
  await stopServer(server, "SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("hostile networks on every upload", () => {
  it("survives random cuts, aborts, stalls and garbage at every multipart endpoint while /welcome keeps answering 200", async () => {
    const since = Date.now();
    const before = await applicantDocuments();
    let cases = 0;
    const kinds: Record<string, number> = {};
    const { welcome } = await whileWelcomeLoads(() =>
      fc.assert(
        fc.asyncProperty(
          fc.nat({ max: targets.length - 1 }),
          fc.constantFrom("truncated", "aborted", "stalled-then-aborted", "garbage", "chunked-aborted", "bad-boundary"),
          fc.integer({ min: 0, max: 400 * 1024 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.uint8Array({ minLength: 1, maxLength: 2048 }),
          async (which, kind, filler, at, garbage) => {
            cases += 1;
            kinds[kind] = (kinds[kind] ?? 0) + 1;
            const target = targets[which];
            const boundary = `----hostile${randomBytes(6).toString("hex")}`;
            // Random bytes under a name no check knows: never a storable document, so nothing may be saved.
            const file = Buffer.concat([Buffer.from("BUKAN-DOKUMEN\n"), randomBytes(filler)]);
            const body = multipartBody(boundary, [
              { name: "intent", data: "save" },
              { name: target.field, filename: "ijazah.pdf", type: "application/pdf", data: file },
            ]);
            const cut = Math.floor(body.length * at);
            const type = `multipart/form-data; boundary=${boundary}`;
            let answer;
            switch (kind) {
              case "truncated": // the body ends early, and says so in its length: no closing boundary
                answer = await rawRequest(PORT, head(target, type, cut), body, { cut });
                break;
              case "aborted": // the phone loses signal: the connection closes mid-body
                answer = await rawRequest(PORT, head(target, type, body.length), body, { cut, abort: true });
                break;
              case "stalled-then-aborted":
                answer = await rawRequest(PORT, head(target, type, body.length), body, { cut, abort: true, holdMs: 300 });
                break;
              case "garbage": {
                const junk = Buffer.concat([body.subarray(0, cut), Buffer.from(garbage)]);
                answer = await rawRequest(PORT, head(target, type, junk.length), junk);
                break;
              }
              case "chunked-aborted": {
                const piece = body.subarray(0, cut);
                const chunked = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
                answer = await rawRequest(PORT, head(target, type, "chunked"), chunked, { abort: true, holdMs: 100 });
                break;
              }
              case "bad-boundary":
                answer = await rawRequest(PORT, head(target, `multipart/form-data; boundary=${boundary}x`, body.length), body);
                break;
            }
            if (answer.status !== null) expect(answer.status, `${kind} ${target.name}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
            expect(server!.child.exitCode, `the server exited after ${kind} on ${target.name}: ${server!.stderr().slice(-2000)}`).toBeNull();
          },
        ),
        { numRuns: 160 },
      ),
    );
    console.log(`hostile uploads: ${cases} cases over ${targets.length} endpoints (${JSON.stringify(kinds)}); /welcome answered ${welcome.length} times`);
    expect(cases).toBeGreaterThanOrEqual(160);
    expect(welcome.length).toBeGreaterThan(20);
    expect(
      welcome.every((s) => s === 200),
      `every /welcome 200: ${JSON.stringify(welcome.filter((s) => s !== 200))}`,
    ).toBe(true);
    expect(server!.child.exitCode).toBeNull();
    expect(await noTemporaryFiles(since)).toEqual([]);
    expect(await applicantDocuments()).toBe(before);
  }, 300_000);

  it("kills the socket at 10 points of a 5 MB upload, on the API and through the portal; each time nothing is kept and a whole upload still works", async () => {
    const since = Date.now();
    const before = await applicantDocuments();
    const base = await pdf();
    const file = Buffer.concat([Buffer.from(base), Buffer.from(`\n%${"x".repeat(5 * MB - base.length - 64)}\n`)]);
    expect(file.length).toBeLessThanOrEqual(5 * MB);
    const results: string[] = [];
    for (const via of ["api", "portal"] as const) {
      const target: Target =
        via === "api"
          ? {
              name: "API documents",
              url: `/api/v1/applications/${applicantApp}/documents`,
              headers: { "x-adaptasiapikey": secrets.API_KEY, Authorization: `Bearer ${applicantToken}` },
              field: `doc_${REG_5MB.id}`,
              limit: 5 * MB,
              reads: true,
            }
          : {
              name: "portal upload",
              url: `/submission-form/adaptation-form?intent=upload&doc=${REG_5MB.id}`,
              headers: { Cookie: applicantCookie },
              field: `doc_${REG_5MB.id}`,
              limit: 5 * MB,
              reads: true,
            };
      const boundary = "----killed5mb";
      const body = multipartBody(boundary, [{ name: target.field, filename: "ijazah.pdf", type: "application/pdf", data: file }]);
      for (let k = 1; k <= 10; k++) {
        const cut = Math.floor((body.length * k) / 10) - 1; // the last point stops one byte short of the end
        const answer = await rawRequest(PORT, head(target, `multipart/form-data; boundary=${boundary}`, body.length), body, { cut, abort: true, holdMs: 50 });
        const welcome = await fetch(`${server!.base}/welcome`).then((r) => r.status);
        const left = await noTemporaryFiles(since);
        results.push(`${via} ${k * 10}%: ${answer.status ?? "no answer"}, /welcome ${welcome}, ${left.length} temporary files`);
        expect(server!.child.exitCode).toBeNull();
        expect(welcome).toBe(200);
        expect(left).toEqual([]);
        expect(await applicantDocuments()).toBe(before);
      }
    }
    console.log(`kill the socket during a 5 MB upload:\n  ${results.join("\n  ")}`);
    // The same upload, whole: saved.
    const form = new FormData();
    form.append(`doc_${REG_5MB.id}`, new Blob([new Uint8Array(file)], { type: "application/pdf" }), "ijazah.pdf");
    const whole = await apiClient(server!)(`/applications/${applicantApp}/documents`, { token: applicantToken, body: form });
    expect(whole.status).toBe(200);
    expect(((await whole.json()) as { data: { saved: number[] } }).data.saved).toEqual([REG_5MB.id]);
  }, 300_000);

  it("closes a stalled upload after the idle timeout, and removes what it wrote", async () => {
    const since = Date.now();
    const target = targets.find((t) => t.name.startsWith("API /api/v1/applications/{id}/documents"))!;
    const body = multipartBody("----stall", [{ name: target.field, filename: "a.pdf", type: "application/pdf", data: Buffer.alloc(600 * 1024, 0x41) }]);
    const started = Date.now();
    const answer = await rawRequest(PORT, head(target, "multipart/form-data; boundary=----stall", body.length), body, {
      cut: 300 * 1024,
      timeoutMs: (IDLE_SEC + 20) * 1000,
    });
    const waited = (Date.now() - started) / 1000;
    expect(answer.status === null || answer.status < 500).toBe(true);
    // The server closed it (the client would have given up only at IDLE_SEC + 20 s); after how long is `npm run bench`'s.
    expect(answer.closedBy).toBe("server");
    figure("network.stall-closed-s", waited);
    expect(server!.child.exitCode).toBeNull();
    expect(await noTemporaryFiles(since)).toEqual([]);
  }, 60_000);

  it("lets a slow but steady upload finish: 1 kB/s through a throttling proxy, for many times the idle timeout", async () => {
    const slow = await slowUpload;
    console.log(`slow upload: ${slow.bytes} bytes at 1 kB/s in ${slow.seconds.toFixed(0)} s, answered ${slow.status}`);
    expect(slow.bytes).toBeGreaterThan((SLOW_UPLOAD_KB - 10) * 1024);
    // stored: the document's page answers with a redirect back to the form (the plain post of a phone without JavaScript)
    expect(slow.status, slow.text.slice(0, 300)).toBe(302);
    expect(slow.text).toMatch(/\r\nlocation: [^\r\n]*\/submission-form\//i);
    // It took many times the idle timeout by construction (the proxy passes 1 kB/s); the figure is `npm run bench`'s.
    figure("network.slow-upload-s", slow.seconds);
    expect(server!.child.exitCode).toBeNull();
  }, 430_000);
});

describe("bodies too large (item 2)", () => {
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server!.child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

  /** Streams `total` bytes as a chunked body to `url`; resolves with the answer and how much was sent before it. */
  function chunkedFlood(url: string, contentType: string, total: number, headers: Record<string, string> = {}, first = Buffer.alloc(0)) {
    const target: Target = { name: url, url, headers, field: "", limit: 0, reads: true };
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const pieces = Math.ceil(total / chunk.length);
    const firstFramed = first.length ? Buffer.concat([Buffer.from(`${first.length.toString(16)}\r\n`), first, Buffer.from("\r\n")]) : Buffer.alloc(0);
    const body = Buffer.concat([firstFramed, ...Array.from({ length: pieces }, () => framed), Buffer.from("0\r\n\r\n")]);
    return rawRequest(PORT, head(target, contentType, "chunked"), body, { timeoutMs: 60_000 });
  }

  it("answers one anonymous 100 MB chunked post to /login with 413 and does not hold it in memory", async () => {
    const before = rss();
    const answer = await chunkedFlood("/login", "application/x-www-form-urlencoded", 100 * MB);
    const after = rss();
    console.log(
      `100 MB chunked post to /login: ${answer.status} after ${(answer.sentBeforeAnswer / MB).toFixed(1)} MB sent; RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`,
    );
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("terlalu besar");
    expect(answer.sentBeforeAnswer).toBeLessThan(50 * MB);
    expect(after - before).toBeLessThan(40);
    expect(server!.child.exitCode).toBeNull();
  }, 120_000);

  it("refuses a 100 MB multipart post to a form that takes no upload, and a false small Content-Length cannot sneak one in", async () => {
    const boundary = "----notupload";
    const first = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="email"; filename="x.txt"\r\n\r\n`);
    const answer = await chunkedFlood("/login", `multipart/form-data; boundary=${boundary}`, 100 * MB, {}, first);
    expect(answer.status).toBe(413);
    expect(answer.sentBeforeAnswer).toBeLessThan(50 * MB);
    const declared = await rawRequest(
      PORT,
      head({ name: "", url: "/forgot-password", headers: {}, field: "", limit: 0, reads: true }, "application/x-www-form-urlencoded", 2 * MB),
      Buffer.alloc(2 * MB, 0x61),
    );
    expect(declared.status).toBe(413);
  }, 120_000);

  it("stops reading a 100 MB file sent to a 2 MB field: 413 with the field's message, on the API and on the portal's page", async () => {
    const since = Date.now();
    const big = (t: Target) => {
      const boundary = "----bigfile";
      const partHead = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${t.field}"; filename="besar.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      );
      return chunkedFlood(t.url, `multipart/form-data; boundary=${boundary}`, 100 * MB, t.headers, partHead);
    };
    const apiTarget = targets.find((t) => t.name === "API /api/v1/applications/{id}/documents")!;
    const viaApi = await big(apiTarget);
    expect(viaApi.status).toBe(413);
    expect(viaApi.text).toContain("FILE_TOO_LARGE");
    expect(viaApi.sentBeforeAnswer).toBeLessThan(50 * MB);
    const page = targets.find((t) => t.name === "/submission-form/adaptation-form")!;
    const viaPage = await big(page);
    expect(viaPage.status).toBe(413);
    expect(viaPage.text).toContain("harus lebih kecil dari 2048KB");
    expect(viaPage.sentBeforeAnswer).toBeLessThan(50 * MB);
    console.log(
      `100 MB to a 2 MB field: API ${viaApi.status} after ${(viaApi.sentBeforeAnswer / MB).toFixed(1)} MB, page ${viaPage.status} after ${(viaPage.sentBeforeAnswer / MB).toFixed(1)} MB`,
    );
    expect(await noTemporaryFiles(since)).toEqual([]);
  }, 120_000);

  it("caps a request's total size even when each file is within its limit", async () => {
    const target = targets.find((t) => t.name === "API /api/v1/me/profile/photo")!;
    const boundary = "----manyparts";
    // 30 text fields of 60 kB (each within busboy's field limit) and a photo within its 2 MB: 3.7 MB, past the 3 MB cap.
    const parts = Array.from({ length: 30 }, (_, i) => ({ name: `note${i}`, data: "x".repeat(60 * 1024) }));
    const body = multipartBody(boundary, [
      ...parts,
      { name: target.field, filename: "a.png", type: "image/png", data: Buffer.alloc(Math.floor(1.9 * MB), 0x41) },
    ]);
    const answer = await rawRequest(PORT, head(target, `multipart/form-data; boundary=${boundary}`, body.length), body);
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("UPLOAD_TOO_LARGE");
  }, 60_000);
});
