import { writeFile } from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTRIES } from "#domain/countries";
import { createApiApp } from "../../app";
import { mailOutbox, users } from "../../db/schema";
import { verifyPassword } from "../../services/passwords";
import { citizenSignUp, foreignSignUp } from "../../test/factories";
import { type ApiBody, createTestApi, expectError, requester, TEST_API_KEY, TEST_JWT_SECRET, type TestApi, typedRequest } from "../../test/helpers";
import { tokenFrom } from "../../test/mail";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const citizen = citizenSignUp;
const foreigner = foreignSignUp;

const signUpCitizen = (json: ApiBody<"POST", "/register/citizen">, headers?: Record<string, string>) =>
  typedRequest(api, "POST", "/register/citizen", { body: json, headers });
const signUpForeign = (json: ApiBody<"POST", "/register/foreign">) => typedRequest(api, "POST", "/register/foreign", { body: json });
const userByEmail = async (email: string) => (await api.db.select().from(users).where(eq(users.email, email)))[0];
const usersWith = async (email: string) => (await api.db.select({ n: count() }).from(users).where(eq(users.email, email)))[0].n;

describe("POST /api/v1/register/citizen", () => {
  it("creates a not yet activated applicant and mails a working activation link", async () => {
    const body = citizen({ email: "  Budi.Baru@Contoh.ID " });
    const res = await signUpCitizen(body);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ data: { email: "budi.baru@contoh.id" } });

    const user = await userByEmail("budi.baru@contoh.id");
    expect(user).toMatchObject({
      roleId: 3,
      fullName: "Budi Santoso",
      nik: body.nik,
      phone: "081234567890",
      isForeign: false,
      foreignId: null,
      nationality: null,
      isKek: null,
      preferredJalur: null,
      isActive: true,
      isFasyankes: false,
      activatedAt: null,
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash, "Rahasia123")).toBe(true);

    const [mail] = await api.mails("budi.baru@contoh.id");
    expect(mail.subject).toContain("Aktivasi akun Adaptasi Nakes LLN");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/account-activation\?token=[A-Za-z0-9_-]{43}\b/);
    expect(mail.text).toContain("24 jam");
    const activated = await typedRequest(api, "POST", "/account/activate", { body: { token: tokenFrom(mail, "/account-activation") } });
    expect(activated.status).toBe(200);
    expect(await activated.json()).toEqual({ data: { email: "budi.baru@contoh.id", is_foreign: false } });
    expect((await userByEmail("budi.baru@contoh.id")).activatedAt).toBeInstanceOf(Date);
  });

  it("answers a registered e-mail, whatever its case, as a new sign-up, and mails its owner instead", async () => {
    const first = citizen();
    const created = await signUpCitizen(first);
    const again = await signUpCitizen(citizen({ email: first.email.toUpperCase() }));
    expect({ status: again.status, body: await again.json() }).toEqual({ status: created.status, body: await created.json() });
    expect(await usersWith(first.email)).toBe(1);

    await api.mailWhen(first.email, (m) => m.subject.startsWith("Percobaan pendaftaran"));
    const [activation, notice, ...more] = await api.mails(first.email);
    expect(more).toEqual([]);
    expect(activation.subject).toContain("Aktivasi akun");
    expect(notice.subject).toBe("Percobaan pendaftaran dengan data akun Anda — Adaptasi Nakes LLN / Sign-up attempt with your details");
    expect(notice.text).toContain("Yth. Budi Santoso,");
    expect(notice.text).toContain("mencoba membuat akun baru di Adaptasi Nakes LLN dengan alamat surel ini, yang sudah terdaftar pada akun Anda");
    expect(notice.text).toContain("http://localhost:3000/login");
    expect(notice.text).not.toMatch(/token=/);

    expect((await signUpCitizen(citizen({ email: "pemohon@adaptasi.test" }))).status).toBe(201);
    await api.mailWhen("pemohon@adaptasi.test", (m) => m.subject === notice.subject);
    expect((await api.mails("pemohon@adaptasi.test")).map((m) => m.subject)).toEqual([notice.subject]);
  });

  it("answers a registered NIK as a new sign-up, creates nothing and mails the NIK's owner, not the address typed", async () => {
    const first = citizen();
    expect((await signUpCitizen(first)).status).toBe(201);
    const second = citizen({ nik: first.nik });
    const res = await signUpCitizen(second);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ data: { email: second.email } });
    expect(await usersWith(second.email)).toBe(0);
    expect(await api.mails(second.email)).toEqual([]);
    const notice = await api.mailWhen(first.email, (m) => m.subject.startsWith("Percobaan pendaftaran"));
    expect(notice.text).toContain("dengan NIK Anda, yang sudah terdaftar");
  });

  it("mails an owner at most mailPerEmail times an hour about sign-ups with their values", async () => {
    const { request } = api.appWith({ rateLimits: { loginPerIp: 100, loginPerAccount: 100, windowSec: 900, mailPerEmail: 1, accountWindowSec: 3600 } });
    const first = citizen();
    expect((await signUpCitizen(first)).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await request("/api/v1/register/citizen", { json: citizen({ email: first.email }) })).status).toBe(201);
    await api.mailWhen(first.email, (m) => m.subject.startsWith("Percobaan pendaftaran"));
    expect((await api.mails(first.email)).filter((m) => m.subject.startsWith("Percobaan pendaftaran"))).toHaveLength(1);
  });

  it("creates exactly one account from two identical sign-ups sent at the same moment", async () => {
    const body = citizen();
    const results = await Promise.all([signUpCitizen(body), signUpCitizen(body)]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(await usersWith(body.email)).toBe(1);
    // The one that lost the race tells the account that won it.
    expect((await api.mails(body.email)).map((m) => m.subject.split(" ")[0]).sort()).toEqual(["Aktivasi", "Percobaan"]);
  });

  it("answers each field's rule with the spec's message", async () => {
    const body = await expectError(
      await signUpCitizen({
        full_name: "Al",
        nik: "12345",
        email: "bukan-surel",
        phone: "08-1234",
        password: "abcdefgh",
        password_confirmation: "lain",
      }),
      400,
      "VALIDATION_ERROR",
    );
    const first = Object.fromEntries((body.error.details ?? []).reverse().map((d) => [d.path, d.message]));
    expect(first).toEqual({
      full_name: "minimal mengandung 3 karakter",
      nik: "harus berupa 16 digit angka",
      email: "harus berupa alamat surel yang benar",
      phone: "harus berupa angka",
      password: "Format salah",
      consent: "Centang kotak di samping pernyataan untuk menyatakan setuju",
    });
    const confirmation = await expectError(await signUpCitizen(citizen({ password_confirmation: "Rahasia124" })), 400, "VALIDATION_ERROR");
    expect(confirmation.error.details).toEqual([
      {
        path: "password_confirmation",
        code: "confirmed",
        labels: { field: "accounts:fields.password_confirmation", target: "accounts:fields.password" },
        message: "Konfirmasi Kata Sandi tidak cocok dengan Kata Sandi",
      },
    ]);
    const missing = await expectError(await signUpCitizen({}), 400, "VALIDATION_ERROR");
    expect(missing.error.details).toContainEqual({
      path: "full_name",
      code: "required",
      // A label is its locale key, the one the form's schema names; its words are in the locale files.
      labels: { field: "accounts:fields.full_name" },
      message: "Nama Lengkap harus diisi",
    });
    expect(missing.error.details).toContainEqual(expect.objectContaining({ path: "nik", message: "NIK harus diisi" }));
  });

  it("refuses a 10,000-character name and creates nothing", async () => {
    const body = citizen({ full_name: "x".repeat(10_000) });
    const res = await expectError(await signUpCitizen(body), 400, "VALIDATION_ERROR");
    expect(res.error.details).toMatchObject([{ path: "full_name", message: "tidak boleh lebih dari 150 karakter" }]);
    expect(await usersWith(body.email)).toBe(0);
  });

  it.each([["مريم عبد الله"], ["Đặng Thị Ngọc"], ["山田 花子"], ["Zoë O'Connor-Łukasiewicz"]])("stores the name %s as given", async (name) => {
    const body = citizen({ full_name: name });
    expect((await signUpCitizen(body)).status).toBe(201);
    expect((await userByEmail(body.email)).fullName).toBe(name);
  });

  it("stores HTML- and SQL-looking input verbatim and escapes it in the mail", async () => {
    const name = `<script>alert("x")</script>'); DROP TABLE users;--`;
    const body = citizen({ full_name: name, email: "o'brien+test@contoh.id" });
    const res = await signUpCitizen(body);
    expect(res.status).toBe(201);
    expect((await userByEmail("o'brien+test@contoh.id")).fullName).toBe(name);
    const [mail] = await api.mails("o'brien+test@contoh.id");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;); DROP TABLE users;--");
    expect(mail.text).toContain(name);
    const junk = await typedRequest(api, "POST", "/register/citizen", { body: citizen({ nik: "' OR 1=1 --", phone: "<b>1</b>" }) });
    expect(junk.status).toBe(400);
  });

  it("answers 400, not 500, for bodies that are not an object", async () => {
    for (const body of ["[]", "null", '"teks"', "42"]) {
      // Raw: JSON that is no object, which the typed client cannot send.
      const res = await api.request("/api/v1/register/citizen", {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      });
      const json = await expectError(res, 400, "VALIDATION_ERROR");
      expect(json.error.details).toMatchObject([{ path: "", message: "Isi permintaan harus berupa objek JSON" }]);
    }
  });

  it("still answers 201 when the activation mail cannot be delivered: the mail is recorded with the account, to be retried", async () => {
    const logger = pino({ level: "silent" });
    const notAFolder = path.join(api.outboxDir, "bukan-folder");
    await writeFile(notAFolder, "");
    const app = createApiApp({
      db: api.db,
      config: { apiKey: TEST_API_KEY, jwtSecret: TEST_JWT_SECRET, logger, mail: { outboxDir: path.join(notAFolder, "outbox") } },
    });
    const body = citizen();
    const res = await requester(app)("/api/v1/register/citizen", { json: body, headers: { "x-forwarded-for": "203.0.113.99" } });
    expect(res.status).toBe(201);
    expect(await usersWith(body.email)).toBe(1);
    const recorded = await api.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, body.email));
    expect(recorded).toMatchObject([{ kind: "activation", subject: expect.stringContaining("Aktivasi akun") }]);
  });

  it("limits sign-ups per client IP", async () => {
    const { request } = api.appWith({
      rateLimits: { loginPerIp: 100, loginPerAccount: 100, windowSec: 900, signUpPerIp: 2, accountWindowSec: 3600 },
    });
    const from = (ip: string, body = citizen()) => request("/api/v1/register/citizen", { json: body, headers: { "x-forwarded-for": `${ip}, 10.0.0.1` } });
    const body = citizen();
    expect((await from("198.51.100.20", body)).status).toBe(201);
    expect((await from("198.51.100.20", body)).status).toBe(201); // a taken e-mail counts too
    const blocked = await from("198.51.100.20");
    const json = await expectError(blocked, 429, "RATE_LIMITED");
    expect(json.error.message).toBe("Terlalu banyak percobaan. Coba lagi dalam 60 menit.");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect((await from("198.51.100.21")).status).toBe(201);
  });
});

describe("POST /api/v1/register/foreign", () => {
  it("takes an international phone number as people write it, and keeps its digits with the '+'", async () => {
    const res = await signUpForeign(foreigner({ email: "maria.santos@example.ph", foreign_id: "p2345678", nationality: "PH", phone: "+63 917 123 4567" }));
    expect(res.status).toBe(201);
    expect((await userByEmail("maria.santos@example.ph")).phone).toBe("+639171234567");
    const refused = await signUpForeign(foreigner({ email: "maria.s2@example.ph", foreign_id: "p2345679", phone: "+63-917-123" }));
    await expectError(refused, 400, "VALIDATION_ERROR");
  });

  it("creates a foreign applicant with the registerWna draft and mails the activation link", async () => {
    const body = foreigner({
      full_name: "Nguyễn Văn An",
      email: "an.nguyen@example.vn",
      foreign_id: "c7654321",
      nationality: "VN",
      is_kek: "ya",
      jalur_id: "OTH",
    });
    const res = await signUpForeign(body);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ data: { email: "an.nguyen@example.vn" } });
    const user = await userByEmail("an.nguyen@example.vn");
    expect(user).toMatchObject({
      roleId: 3,
      fullName: "Nguyễn Văn An",
      isForeign: true,
      foreignId: "C7654321",
      nationality: "VN",
      isKek: true,
      preferredJalur: "OTH",
      nik: null,
      phone: "639171234567",
      activatedAt: null,
    });
    const [mail] = await api.mails("an.nguyen@example.vn");
    expect(tokenFrom(mail, "/account-activation")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("stores is_kek 'tidak' as false", async () => {
    const body = foreigner({ is_kek: "tidak", jalur_id: "REG" });
    expect((await signUpForeign(body)).status).toBe(201);
    expect(await userByEmail(body.email)).toMatchObject({ isKek: false, preferredJalur: "REG" });
  });

  it("answers a passport number already registered for the same country, in any case, as a new sign-up and mails its owner", async () => {
    const first = foreigner({ foreign_id: "AB1234567", nationality: "MY" });
    expect((await signUpForeign(first)).status).toBe(201);
    const again = foreigner({ foreign_id: "ab1234567", nationality: "MY" });
    const res = await signUpForeign(again);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ data: { email: again.email } });
    expect(await usersWith(again.email)).toBe(0);
    const notice = await api.mailWhen(first.email, (m) => m.subject.startsWith("Percobaan pendaftaran"));
    expect(notice.text).toContain("dengan nomor paspor / identitas asing Anda, yang sudah terdaftar");
    // The same number from another country is another document.
    const other = foreigner({ foreign_id: "AB1234567", nationality: "SG" });
    expect((await signUpForeign(other)).status).toBe(201);
    expect(await usersWith(other.email)).toBe(1);
  });

  it("gives the spec's messages for the foreign-national fields", async () => {
    const body = await expectError(
      await signUpForeign(foreigner({ foreign_id: "<b>", nationality: "XX", is_kek: "mungkin", jalur_id: "ABC" })),
      400,
      "VALIDATION_ERROR",
    );
    expect(body.error.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: "foreign_id", message: "minimal mengandung 5 karakter" }),
        expect.objectContaining({ path: "nationality", message: "Kewarganegaraan harus berupa nilai yang diizinkan" }),
        expect.objectContaining({ path: "is_kek", message: "Kawasan Ekonomi Khusus (KEK) harus berupa nilai yang diizinkan" }),
        expect.objectContaining({ path: "jalur_id", message: "Jalur Pendaftaran harus berupa nilai yang diizinkan" }),
      ]),
    );
  });
});

describe("GET /api/v1/countries", () => {
  it("lists every country of domain/countries.ts with its Indonesian name", async () => {
    const res = await typedRequest(api, "GET", "/countries");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toHaveLength(COUNTRIES.length);
    expect(data).toContainEqual({ code: "ID", name: "Indonesia" });
    expect(data).toContainEqual({ code: "MY", name: "Malaysia" });
  });
});
