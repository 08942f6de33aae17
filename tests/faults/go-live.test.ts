import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { citizenSignUp } from "../../api/test/factories";
import { tokenFrom } from "../../api/test/mail";
import { smtpSink, type SmtpSink } from "../../api/test/smtp-sink";
import { throwawayDatabase } from "../../api/test/throwaway-database.mjs";
import { pdf, png } from "../fixtures/files";
import { adaptedServer, loggedLine, startNginx } from "./nginx";
import { ensureBuild, leftovers, operatorCommand, s3Bucket, startServer, stopServer, strongSecrets, type Running, waitFor, postForm } from "./server";

// Go-live, as docs/operations.md has it: a fresh PostgreSQL database, an
// S3-protocol bucket and an SMTP server; two production instances behind the documented nginx on a port
// other than 443. The operator creates the first Super Admin, who sets a password from the mail and sees
// an empty portal; an applicant signs up, activates, logs in, fills and submits a file; the Super Admin
// finds it; the applicant recovers a forgotten password. Then the whole log of both instances and
// nginx's holds no token, no password, no e-mail address and no secret setting.

const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORTS = { a: 3450, b: 3451, proxy: 3452, s3: 3453 } as const;
const BUCKET = "adaptasi-go-live";
const PUBLIC = `http://127.0.0.1:${PORTS.proxy}`;
const ADMIN = { email: "ketua.komite@kemkes.go.id", name: "dr. Ketua Komite", password: "Sandi#Ketua2026" };
const APPLICANT = citizenSignUp({ full_name: "Siti Rahmawati", email: "siti.rahmawati@contoh.id" });
const NEW_PASSWORD = "SandiBaru#2027";

const left = leftovers();
let a: Running | undefined;
let b: Running | undefined;
let nginx: ChildProcess | undefined;
let sink: SmtpSink;
let dir = "";
const secrets = strongSecrets();
/** every token a mail carried: none may appear in any log */
const tokens: string[] = [];

beforeAll(async () => {
  await ensureBuild();
  dir = left.dir("go-live");
  const bucket = left.keep(await s3Bucket({ port: PORTS.s3, bucket: BUCKET, directory: path.join(dir, "s3") }));
  const database = left.keep(await throwawayDatabase(PG_SERVER, "adaptasi_go_live"));
  sink = left.keep(await smtpSink());
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    SMTP_URL: sink.url,
    PUBLIC_URL: PUBLIC,
    TRUST_PROXY: "1",
    LOG_LEVEL: "info",
    ...bucket.env,
    ...secrets,
  };
  // Both at once: the migrations run once, under their lock.
  [a, b] = await Promise.all([
    startServer({ ...env, PORT: String(PORTS.a), DATA_DIR: path.join(dir, "a") }),
    startServer({ ...env, PORT: String(PORTS.b), DATA_DIR: path.join(dir, "b") }),
  ]);
  nginx = startNginx(dir, adaptedServer({ upstreams: [PORTS.a, PORTS.b], listen: PORTS.proxy, accessLog: path.join(dir, "access.log") }));
  await waitFor(`${PUBLIC}/readyz`, 15_000);
}, 300_000);

afterAll(async () => {
  nginx?.kill("SIGTERM");
  await Promise.all([stopServer(a), stopServer(b)]);
  await left.undo();
});

/** A form post through the proxy, as a browser without JavaScript sends it. */
const post = (p: string, fields: Record<string, string>, cookie?: string) => postForm(PUBLIC, p, fields, cookie);
const get = (p: string, cookie?: string) => fetch(`${PUBLIC}${p}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** The token of the next mail to `to` linking to `page` (waits for it); remembered for the log check. */
async function mailTo(to: string, page: string): Promise<string> {
  const linkTo = `${PUBLIC}${page}?token=`;
  const fresh = () =>
    sink.received
      .filter((r) => r.to === to && r.mail.text.includes(linkTo))
      .map((r) => tokenFrom(r.mail, page))
      .find((t) => !tokens.includes(t));
  const until = Date.now() + 20_000;
  while (!fresh() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  const token = fresh();
  expect(token, `a mail to ${to} linking to ${linkTo}`).toBeTruthy();
  tokens.push(token!);
  return token!;
}

async function login(email: string, password: string): Promise<string> {
  const res = await post("/login", { email, password, redirectTo: "" });
  expect(
    res.status,
    await res
      .clone()
      .text()
      .then((t) => t.slice(0, 300)),
  ).toBe(302);
  return cookieOf(res);
}

describe("go-live: two production instances behind nginx on a port other than 443, PostgreSQL, a bucket and SMTP", () => {
  it("the first Super Admin sets a password from the mail, logs in and sees an empty portal", async () => {
    const created = await operatorCommand(a!.env, "admin:create", ["--email", ADMIN.email, "--name", ADMIN.name]);
    expect(created.code, created.stderr).toBe(0);
    const token = await mailTo(ADMIN.email, "/forgot-password");
    expect((await get(`/forgot-password?token=${token}`)).status).toBe(200);
    const saved = await post(`/forgot-password?token=${token}`, { token, password: ADMIN.password, password_confirmation: ADMIN.password });
    expect(
      saved.status,
      await saved
        .clone()
        .text()
        .then((t) => t.slice(0, 300)),
    ).toBe(302);
    const cookie = await login(ADMIN.email, ADMIN.password);
    const list = await (await get("/application?tab=all", cookie)).text();
    expect(list).toContain("Tidak ada permohonan yang sesuai.");
  }, 60_000);

  it("an applicant signs up, activates from the mail, fills and submits a file that the Super Admin finds", async () => {
    const signUp = await post("/sign-up", Object.fromEntries(Object.entries(APPLICANT).map(([k, v]) => [k, String(v)])));
    expect(
      signUp.status,
      await signUp
        .clone()
        .text()
        .then((t) => t.slice(0, 300)),
    ).toBe(302);
    const token = await mailTo(APPLICANT.email, "/account-activation");
    const activated = await get(`/account-activation?token=${token}`);
    expect(`${activated.status} ${activated.headers.get("location")}`).toBe("302 /login"); // activated: its login page, with the news
    await login(APPLICANT.email, APPLICANT.password);

    // The file itself through the API the portal uses (the proxy passes /api/v1 on): profile, draft, documents, submit.
    const api = (p: string, init: RequestInit & { token?: string } = {}) =>
      fetch(`${PUBLIC}/api/v1${p}`, {
        ...init,
        headers: { "x-adaptasiapikey": secrets.API_KEY, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.headers ?? {}) },
      });
    const signedIn = await api("/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: APPLICANT.email, password: APPLICANT.password }),
    });
    expect(signedIn.status).toBe(200);
    const bearer = ((await signedIn.json()) as { token: { token: string } }).token.token;
    tokens.push(bearer);
    const json = { "content-type": "application/json" };
    const institutions = (await (await api("/institutions", { token: bearer })).json()) as { data: Array<{ id: number }> };
    const profile = await api("/me/profile", {
      method: "PUT",
      token: bearer,
      headers: json,
      body: JSON.stringify({
        full_name: APPLICANT.full_name,
        identity_type: "NIK",
        identity_number: APPLICANT.nik,
        nationality: "ID",
        birth_place: "Bandung",
        birth_date: "1991-04-02",
        gender: "P",
        address: "Jl. Braga No. 10, Bandung",
        phone: APPLICANT.phone,
        profession: "DOKTER",
        institution_id: institutions.data[0].id,
        graduation_country: "MY",
        graduation_year: "2016",
      }),
    });
    expect(profile.status, await profile.clone().text()).toBe(200);
    const draft = await api("/applications", { method: "POST", token: bearer, headers: json, body: JSON.stringify({ jalur_id: "REG" }) });
    expect(draft.status, await draft.clone().text()).toBe(201);
    const id = ((await draft.json()) as { data: { id: string } }).data.id;
    const requirements = (await (await api("/document-requirements?jalur=REG", { token: bearer })).json()) as {
      data: Array<{ id: number; allowed_extnames: string; is_active: boolean }>;
    };
    const fd = new FormData();
    const onePdf = await pdf("dokumen.pdf");
    for (const r of requirements.data.filter((x) => x.is_active)) {
      const asPdf = r.allowed_extnames.split(",").includes("pdf");
      fd.append(
        `doc_${r.id}`,
        asPdf ? new Blob([new Uint8Array(onePdf)], { type: "application/pdf" }) : new Blob([new Uint8Array(png())], { type: "image/png" }),
        `dokumen-${r.id}.${asPdf ? "pdf" : "png"}`,
      );
    }
    const uploaded = await api(`/applications/${id}/documents`, { method: "POST", token: bearer, body: fd });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const submitted = await api(`/applications/${id}/submit`, {
      method: "POST",
      token: bearer,
      headers: json,
      body: JSON.stringify({ idempotency_key: crypto.randomUUID() }),
    });
    expect(submitted.status, await submitted.clone().text()).toBe(200);

    // The Super Admin's list (either instance) shows it; its page opens.
    const admin = await login(ADMIN.email, ADMIN.password);
    const list = await (await get("/application?tab=all", admin)).text();
    expect(list).toContain(APPLICANT.full_name);
    const detail = await get(`/application/${id}`, admin);
    expect(detail.status).toBe(200);
    expect(await detail.text()).toContain(APPLICANT.full_name);
  }, 90_000);

  it("the applicant recovers a forgotten password from the mail and logs in with the new one", async () => {
    const asked = await post("/forgot-password/email", { email: APPLICANT.email });
    expect([200, 302]).toContain(asked.status);
    const token = await mailTo(APPLICANT.email, "/forgot-password");
    const saved = await post(`/forgot-password?token=${token}`, { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(saved.status).toBe(302);
    await login(APPLICANT.email, NEW_PASSWORD);
    expect((await post("/login", { email: APPLICANT.email, password: APPLICANT.password, redirectTo: "" })).status, "the old password no longer works").toBe(
      400,
    );
  }, 60_000);

  it("the whole log of both instances and of nginx holds no token, password, e-mail address or secret", async () => {
    // A last request through nginx: when its line is in the log, every earlier line is too.
    const marker = `/log-marker-${Date.now()}`; // paths only in the log: a path of its own (the portal answers 404)
    await (await fetch(`${PUBLIC}${marker}`)).arrayBuffer();
    const nginxLog = await loggedLine(path.join(dir, "access.log"), (l) => l.includes(marker));
    const logs = { a: a!.stdout() + a!.stderr(), b: b!.stdout() + b!.stderr(), nginx: nginxLog };
    expect(logs.a.split("\n").length + logs.b.split("\n").length, "both instances logged the journeys").toBeGreaterThan(30);
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    const forbidden: Record<string, string> = {
      ...Object.fromEntries(tokens.map((t, i) => [`token ${i + 1}`, t])),
      "admin's password": ADMIN.password,
      "applicant's password": String(APPLICANT.password),
      "applicant's new password": NEW_PASSWORD,
      API_KEY: secrets.API_KEY,
      SESSION_SECRET: secrets.SESSION_SECRET,
      JWT_SECRET: secrets.JWT_SECRET,
      LETTER_SIGNING_KEYS: secrets.LETTER_SIGNING_KEYS,
    };
    const found: string[] = [];
    for (const [log, text] of Object.entries(logs)) {
      for (const [what, value] of Object.entries(forbidden)) if (text.includes(value)) found.push(`${log}: ${what}`);
      // any e-mail address at all, plain or URL-encoded (masked ones look like ke***@kemkes.go.id)
      const emails = text.match(/[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g) ?? [];
      for (const e of emails.filter((m) => !/^[^@%]{0,2}\*{3}/.test(m))) found.push(`${log}: e-mail ${e}`);
    }
    expect(found).toEqual([]);
    console.log(
      `faults/go-live: ${Object.values(logs).reduce((n, t) => n + t.split("\n").length, 0)} log lines (A, B, nginx) checked for ${Object.keys(forbidden).length} secrets and every e-mail address: none found`,
    );
  });
});
