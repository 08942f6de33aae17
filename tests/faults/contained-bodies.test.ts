import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, apiLogin, ensureBuild, portalLogin, type Running, startServer, stopServer, strongSecrets, tempDir } from "./server";
import { sentryIngest, type SentryIngest } from "./sentry-ingest";

// Containment by construction, against the real server in its own process: a 49-byte post of a
// multipart part without a name once ended the whole process from inside a busboy listener. Here:
// - a part without a name (bare `form-data`, `name=""`, only `name*=`) answers 400 on the forms and is refused
//   on the upload routes, anonymous or logged in, logged as the client's mistake (no error line, no Sentry event);
// - a throw injected into each kind of listener of every body reader (TEST_LISTENER_FAULTS, api/lib/contain.ts:
//   field, file, data, end, error, limit) ends that request with an answer, the process lives, /welcome answers;
// - a cookie-authenticated resumable upload (tus) without an Origin is refused.

const PORT = 3386;
let server: Running | undefined;
let ingest: SentryIngest;
let dataDir: string;

beforeAll(async () => {
  await ensureBuild();
  // A Sentry ingest on loopback: a client's mistake must send no event, a fault of ours one.
  ingest = await sentryIngest();
  const dsn = ingest.dsn;
  dataDir = tempDir("contained");
  server = await startServer({
    NODE_ENV: "test", // the demo accounts; and the injected faults are honoured only under test
    TEST_LISTENER_FAULTS: "true",
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SENTRY_DSN: dsn,
    LOG_LEVEL: "info",
    JOBS_INTERVAL_SECONDS: "0",
    RATE_LIMIT_UPLOADS_PER_MINUTE: "100000",
    ...strongSecrets(),
  });
}, 240_000);

afterAll(async () => {
  await stopServer(server, "SIGKILL");
  await ingest?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The process is still there, and /welcome answers. */
async function stillServing(what: string) {
  const s = server!;
  expect(s.child.exitCode, `${what}: the process lives`).toBeNull();
  expect(s.child.signalCode, `${what}: the process lives`).toBeNull();
  const welcome = await fetch(`${s.base}/welcome`).catch((e: unknown) => {
    throw new Error(`${what}: /welcome did not answer (${String(e)}); the server's stderr: ${s.stderr().slice(-3000)}`);
  });
  await welcome.arrayBuffer().catch(async (e: unknown) => {
    await new Promise((r) => setTimeout(r, 500));
    throw new Error(`${what}: /welcome was cut (${String(e)}); exit ${s.child.exitCode}; the server's stderr: ${s.stderr().slice(-3000)}`);
  });
  expect(welcome.status, `${what}: /welcome answers`).toBe(200);
}

/** A post as a browser's form sends it (its Origin), answered without following a redirect; 0 when nothing answered. */
async function post(path: string, type: string, body: string, cookie?: string): Promise<{ status: number; text: string }> {
  const s = server!;
  try {
    const res = await fetch(`${s.base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: s.base, "content-type": type, ...(cookie ? { cookie } : {}) },
      body,
    });
    return { status: res.status, text: await res.text() };
  } catch {
    return { status: 0, text: "" };
  }
}

const NAMELESS = ["form-data", 'form-data; name=""', "form-data; name*=UTF-8''x"];
const part = (disposition: string, data = "1") => `--X\r\nContent-Disposition: ${disposition}\r\n\r\n${data}\r\n`;
const multipart = (...parts: string[]) => `${parts.join("")}--X--\r\n`;
const MULTIPART = "multipart/form-data; boundary=X";

describe("a multipart part without a name", () => {
  it("answers 400 on every form and is refused on every upload route, logged as the client's mistake", async () => {
    const s = server!;
    const applicant = await portalLogin(s, "pemohon@adaptasi.test");
    const facility = await portalLogin(s, "fasyankes@adaptasi.test");
    const admin = await portalLogin(s, "admin@adaptasi.test");
    const logBefore = s.stdout().length;
    const eventsBefore = ingest.events().length;
    const forms: Array<[string, string | undefined]> = [
      ["/login", undefined],
      ["/sign-up", undefined],
      ["/wna/login", undefined],
      ["/wna/sign-up", undefined],
      ["/forgot-password/email", undefined],
      ["/profile", applicant],
      ["/personal-data", applicant],
    ];
    const uploads: Array<[string, string]> = [
      ["/personal-data/upload-file", applicant],
      ["/submission-form/adaptation-form?intent=upload&doc=1", applicant],
      ["/submission-form/reupload-form", applicant],
      ["/register-competency-evaluation/path/regular/upload-file?intent=upload&doc=1", facility],
      ["/master-cms/guidebook", admin],
    ];
    for (const disposition of NAMELESS) {
      for (const body of [multipart(part(disposition)), multipart(part('form-data; name="email"', "a@b.id"), part(disposition))]) {
        for (const [path, cookie] of forms) {
          const { status } = await post(path, MULTIPART, body, cookie);
          expect(status, `${path} ${disposition}`).toBe(400);
        }
        for (const [path, cookie] of uploads) {
          const { status } = await post(path, MULTIPART, body, cookie);
          expect(status, `${path} ${disposition}`).toBeGreaterThan(0);
          expect(status, `${path} ${disposition}`).toBeLessThan(500);
        }
      }
      await stillServing(disposition);
    }
    // The upload routes answer the API's refusal: 400 FIELD_NAME_REFUSED, by the API itself too.
    const token = await apiLogin(s, "pemohon@adaptasi.test");
    const api = await apiClient(s)("/me/profile/photo", { token, headers: { "content-type": MULTIPART }, body: multipart(part("form-data")) });
    expect(api.status).toBe(400);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("FIELD_NAME_REFUSED");

    // Sentry sends in the background: a fault of ours after the mistakes is the marker. Its event arriving
    // means the SDK has sent what it held before it; then the only new event is the marker's.
    const marker = await apiClient(s)("/me/profile/photo", {
      token,
      headers: { "content-type": `${MULTIPART}; x-test-throw-in=field` },
      body: multipart(part('form-data; name="email"', "a@b.id")),
    });
    expect(marker.status, "the marker: a fault of ours").toBe(500);
    await ingest.nextEvent((e) => JSON.stringify(e).includes("injected fault"), eventsBefore);
    const errors = s
      .stdout()
      .slice(logBefore)
      .split("\n")
      .filter((l) => /"level":(50|60)/.test(l) && !l.includes("injected fault"));
    expect(errors, "no error line for a client's mistake").toEqual([]);
    const since = ingest.events().slice(eventsBefore);
    expect(
      since.map((e) => JSON.stringify(e).includes("injected fault")),
      "no Sentry event for a client's mistake, only the marker's",
    ).toEqual([true]);
  }, 120_000);
});

describe("a throw in any listener of a body reader", () => {
  it("ends that request with an answer, and the process lives: the portal's form reader, an upload, the API, tus", async () => {
    const s = server!;
    const applicant = await portalLogin(s, "pemohon@adaptasi.test");
    const field = multipart(part('form-data; name="email"', "a@b.id"));
    const file = multipart(part('form-data; name="photo"; filename="a.jpg"', "\xff\xd8\xff\xe0 not much of a photo"));
    const cut = `--X\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n${"x".repeat(2000)}`; // no closing boundary
    const parts = multipart(...Array.from({ length: 250 }, (_, i) => part(`form-data; name="f${i}"`)));
    const urlencoded = "application/x-www-form-urlencoded";
    const cases: Array<{ what: string; path: string; type: string; body: string; cookie?: string }> = [
      // The portal's reader of every form body (server/request-body.ts): the request's events, then the parser's.
      { what: "form: data", path: "/login", type: `${urlencoded}; x-test-throw-in=data`, body: "email=a%40b.id&password=x" },
      { what: "form: end", path: "/login", type: `${urlencoded}; x-test-throw-in=end`, body: "email=a%40b.id&password=x" },
      { what: "form: field", path: "/login", type: `${MULTIPART}; x-test-throw-in=field`, body: field },
      { what: "form: file", path: "/login", type: `${MULTIPART}; x-test-throw-in=file`, body: file },
      { what: "form: error", path: "/login", type: `${MULTIPART}; x-test-throw-in=error`, body: cut },
      // An upload streamed through the portal to the API (api/services/uploads/receive.ts).
      ...(["field", "file", "data", "end"] as const).map((kind) => ({
        what: `upload: ${kind}`,
        path: "/personal-data/upload-file",
        type: `${MULTIPART}; x-test-throw-in=${kind}`,
        body: kind === "field" ? field : file,
        cookie: applicant,
      })),
      { what: "upload: error", path: "/personal-data/upload-file", type: `${MULTIPART}; x-test-throw-in=error`, body: cut, cookie: applicant },
      { what: "upload: limit", path: "/personal-data/upload-file", type: `${MULTIPART}; x-test-throw-in=limit`, body: parts, cookie: applicant },
    ];
    const answered: string[] = [];
    for (const c of cases) {
      const { status } = await post(c.path, c.type, c.body, c.cookie);
      answered.push(`${c.what} ${status}`);
      expect(status, `${c.what}: answered`).toBeGreaterThan(0);
      // A fault of ours: the portal's reader answers 500 with the error screen.
      if (c.what.startsWith("form:")) expect(status, c.what).toBe(500);
      await stillServing(c.what);
    }
    console.info(`contained: ${answered.join(", ")}`);
    // Every one of them was a fault of ours, met and answered: the log names each, as an error of that request.
    expect(s.stdout()).toMatch(/injected fault in a \\?"field\\?" listener/);

    // The API's own multipart reader, straight (the same receiveMultipart), each kind: a 500 of ours in its error shape.
    const api = apiClient(s);
    const token = await apiLogin(s, "pemohon@adaptasi.test");
    for (const [kind, body] of [
      ["field", field],
      ["file", file],
      ["data", file],
      ["end", file],
      ["error", cut],
      ["limit", parts],
    ] as const) {
      const res = await api("/me/profile/photo", { token, headers: { "content-type": `${MULTIPART}; x-test-throw-in=${kind}` }, body });
      expect(res.status, `API ${kind}`).toBe(500);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INTERNAL_ERROR");
      await stillServing(`API ${kind}`);
    }

    // tus: the finished upload copied out of the store (api/services/resumable/tus.ts).
    const draft = await api("/applications", { token, json: { jalur_id: "REG" } });
    const application = ((await draft.json()) as { data: { id: string } }).data?.id;
    expect(application).toBeTruthy();
    const requirements = (await (await api("/document-requirements?jalur=REG", { token })).json()) as { data: Array<{ id: number }> };
    const requirement = requirements.data[0]!.id;
    const bytes = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const meta = (m: Record<string, string>) =>
      Object.entries(m)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
        .join(",");
    const created = await api("/uploads", {
      method: "POST",
      token,
      headers: {
        "tus-resumable": "1.0.0",
        "upload-length": String(bytes.length),
        "upload-metadata": meta({ application: application!, requirement: String(requirement), form: "adaptation", filename: "a.pdf" }),
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!.replace(/^\/api\/v1/, "");
    const patched = await api(location, {
      method: "PATCH",
      token,
      headers: { "tus-resumable": "1.0.0", "upload-offset": "0", "content-type": "application/offset+octet-stream", "x-test-throw-in": "data" },
      body: bytes,
    });
    expect(patched.status, "tus: data").toBe(500);
    await stillServing("tus: data");
  }, 180_000);
});

describe("a resumable upload (tus) that authenticates by the session cookie", () => {
  it("is refused without an Origin or Sec-Fetch-Site: same-origin, whatever its method", async () => {
    const s = server!;
    const cookie = await portalLogin(s, "pemohon@adaptasi.test");
    const tus = { "tus-resumable": "1.0.0", cookie };
    for (const [method, path, headers] of [
      ["POST", "/submission-form/upload/tus", { "upload-length": "10" }],
      ["PATCH", "/submission-form/upload/tus/0123456789abcdef", { "upload-offset": "0", "content-type": "application/offset+octet-stream" }],
      ["DELETE", "/submission-form/upload/tus/0123456789abcdef", {}],
    ] as const) {
      const body = method === "PATCH" ? "0123456789" : undefined;
      const without = await fetch(`${s.base}${path}`, { method, redirect: "manual", headers: { ...tus, ...headers }, body });
      expect(without.status, `${method} without an Origin`).toBe(403);
      const crossSite = await fetch(`${s.base}${path}`, { method, redirect: "manual", headers: { ...tus, ...headers, "sec-fetch-site": "cross-site" }, body });
      expect(crossSite.status, `${method} cross-site`).toBe(403);
      for (const from of [{ origin: s.base }, { "sec-fetch-site": "same-origin" }] as Array<Record<string, string>>) {
        const res = await fetch(`${s.base}${path}`, { method, redirect: "manual", headers: { ...tus, ...headers, ...from }, body });
        expect(res.status, `${method} ${JSON.stringify(from)}`).not.toBe(403);
        await res.arrayBuffer();
      }
    }
  }, 60_000);
});
