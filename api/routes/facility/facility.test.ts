import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_LABEL_RULE, statusRule } from "#domain/status-label";
import { applications, auditLog, facilityProfiles, positions, users, userVerifications } from "../../db/schema";
import { answered, type ApiBody, createTestApi, expectError, type TestApi, typedRequest } from "../../test/helpers";
import { tokenFrom } from "../../test/mail";
import { FACILITY_ADMIN, HOSPITAL } from "../../../tests/fixtures/people";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

let serial = 0;
function signUpBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    facility_name: "RS Harapan Bunda",
    ...HOSPITAL,
    contact_email: "",
    ...FACILITY_ADMIN,
    email: `faskes.${serial}@contoh.id`,
    password: "Rahasia123",
    password_confirmation: "Rahasia123",
    ...overrides,
  };
}

async function facilityData(overrides: Record<string, unknown> = {}) {
  const [position] = await api.db.select().from(positions).where(eq(positions.name, "Kepala Bagian SDM"));
  return {
    facility_name: "RS Harapan Bunda",
    ...HOSPITAL,
    contact_email: "sdm@harapanbunda.id",
    admin_nik: "3175011203850001",
    admin_phone: "081298765432",
    position_id: position.id,
    ...overrides,
  };
}

function messagesByField(details: Array<{ path: string; message: string }>) {
  const out: Record<string, string[]> = {};
  for (const d of details) (out[d.path] ??= []).push(d.message);
  return out;
}

const signUp = (json: ApiBody<"POST", "/register/facility">) => typedRequest(api, "POST", "/register/facility", { body: json });
const userByEmail = async (email: string) => (await api.db.select().from(users).where(eq(users.email, email)))[0];

/** A facility admin signed up and activated through the API, logged in. */
async function newFacilityAdmin() {
  const body = signUpBody();
  expect((await signUp(body)).status).toBe(201);
  const [mail] = await api.mails(body.email);
  expect((await typedRequest(api, "POST", "/account/activate", { body: { token: tokenFrom(mail, "/account-activation") } })).status).toBe(200);
  const user = await userByEmail(body.email);
  const { token } = await api.login(body.email, body.password);
  return { user, token };
}

const put = (token: string, json: ApiBody<"PUT", "/me/facility">) => typedRequest(api, "PUT", "/me/facility", { body: json, token });
const entriesOf = (userId: string) => api.db.select().from(userVerifications).where(eq(userVerifications.userId, userId));

/** The Admin's decision, as /admin-fasyankes-list records it. */
async function decide(userId: string, decision: { approved: true } | { reason: string }) {
  const approved = "approved" in decision;
  await api.db
    .update(userVerifications)
    .set({ isApproved: approved, isRejected: !approved, reason: approved ? null : decision.reason, decidedAt: new Date() })
    .where(and(eq(userVerifications.userId, userId), eq(userVerifications.isApproved, false), eq(userVerifications.isRejected, false)));
  if (approved) await api.db.update(users).set({ isHospitalVerified: true }).where(eq(users.id, userId));
}

describe("POST /api/v1/register/facility", () => {
  it("creates a not yet activated, unverified facility admin with its facility, and mails the activation link", async () => {
    const body = signUpBody({ email: " Dewi.Faskes@Contoh.ID ", contact_email: "Info@HarapanBunda.ID" });
    const res = await signUp(body);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ data: { email: "dewi.faskes@contoh.id" } });
    const user = await userByEmail("dewi.faskes@contoh.id");
    expect(user).toMatchObject({
      roleId: 8,
      fullName: "Dewi Anggraini",
      phone: "081234567890",
      isFasyankes: true,
      isHospitalVerified: false,
      activatedAt: null,
      isActive: true,
    });
    const [profile] = await api.db.select().from(facilityProfiles).where(eq(facilityProfiles.userId, user.id));
    expect(profile).toMatchObject({
      facilityName: "RS Harapan Bunda",
      facilityType: "RUMAH_SAKIT",
      licenceNumber: "503/1234/RS/2023",
      contactPhone: "0218765432",
      contactEmail: "info@harapanbunda.id",
      adminNik: null,
    });
    const [mail] = await api.mails("dewi.faskes@contoh.id");
    expect(mail.subject).toContain("Aktivasi akun Adaptasi Nakes LLN");
  });

  it("answers an e-mail already registered as a new sign-up, writes nothing and mails the owner", async () => {
    const res = await signUp(signUpBody({ email: "fasyankes@adaptasi.test", facility_name: "RS Tiruan" }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ data: { email: "fasyankes@adaptasi.test" } });
    expect(await api.db.select().from(facilityProfiles).where(eq(facilityProfiles.facilityName, "RS Tiruan"))).toEqual([]);
    const [notice] = await api.mails("fasyankes@adaptasi.test");
    expect(notice.subject).toMatch(/^Percobaan pendaftaran dengan data akun Anda/);
  });

  it("shares the sign-up limit per client IP with the other sign-ups", async () => {
    const { request } = api.appWith({
      rateLimits: { loginPerIp: 100, loginPerAccount: 100, windowSec: 900, signUpPerIp: 1, accountWindowSec: 3600 },
    });
    const headers = { "x-forwarded-for": "198.51.100.80, 10.0.0.1" };
    expect((await request("/api/v1/register/facility", { json: signUpBody(), headers })).status).toBe(201);
    await expectError(await request("/api/v1/register/facility", { json: signUpBody(), headers }), 429, "RATE_LIMITED");
  });

  it("refuses bad input with the spec's messages per field", async () => {
    const res = await signUp(
      signUpBody({
        facility_name: "",
        facility_type: "KAPAL",
        contact_phone: "02l",
        contact_email: "bukan-surel",
        password: "pendek",
        password_confirmation: "lain",
      }),
    );
    const body = await expectError(res, 400, "VALIDATION_ERROR");
    expect(messagesByField(body.error.details!)).toMatchObject({
      facility_name: expect.arrayContaining(["Nama Fasyankes harus diisi"]),
      facility_type: ["Jenis Fasyankes harus berupa nilai yang diizinkan"],
      contact_phone: expect.arrayContaining(["harus berupa angka"]),
      contact_email: ["harus berupa alamat surel yang benar"],
      password: expect.arrayContaining(["minimal mengandung 8 karakter"]),
    });
    expect(await userByEmail(signUpBody().email)).toBeUndefined();
  });
});

describe("/api/v1/me/facility", () => {
  it("starts not submitted, prefilled from the sign-up", async () => {
    const { token } = await newFacilityAdmin();
    const res = await typedRequest(api, "GET", "/me/facility", { token });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({
      full_name: "Dewi Anggraini",
      state: "notSubmitted",
      reason: null,
      facility: { facility_name: "RS Harapan Bunda", facility_type: "RUMAH_SAKIT", admin_nik: null, position_id: null },
    });
  });

  it("sends the data for verification, refuses a second post while pending, and lets a rejected facility send again", async () => {
    const { user, token } = await newFacilityAdmin();
    const sent = await put(token, await facilityData());
    expect(sent.status).toBe(200);
    expect((await sent.json()).data).toMatchObject({ state: "pending", facility: { admin_nik: "3175011203850001", position_name: "Kepala Bagian SDM" } });
    expect(await entriesOf(user.id)).toHaveLength(1);
    const me = answered(await api.client().call("GET", "/admin/get-me", { token }));
    expect(me.data.userVerification[0]).toMatchObject({ is_approved: false, is_rejected: false });

    const again = await expectError(await put(token, await facilityData({ facility_name: "RS Lain" })), 409, "VERIFICATION_PENDING");
    expect(again.error.message).toMatch(/menunggu verifikasi/);
    const [profile] = await api.db.select().from(facilityProfiles).where(eq(facilityProfiles.userId, user.id));
    expect(profile.facilityName).toBe("RS Harapan Bunda");

    await decide(user.id, { reason: "Nomor izin operasional tidak sesuai dokumen." });
    const rejected = answered(await api.client().call("GET", "/me/facility", { token })).data;
    expect(rejected).toMatchObject({ state: "rejected", reason: "Nomor izin operasional tidak sesuai dokumen." });

    const resent = await put(token, await facilityData({ licence_number: "503/9999/RS/2023" }));
    expect(resent.status).toBe(200);
    expect((await resent.json()).data).toMatchObject({ state: "pending", reason: null, facility: { licence_number: "503/9999/RS/2023" } });
    const entries = await entriesOf(user.id);
    expect(entries).toHaveLength(2);
    expect(entries.filter((e) => !e.isApproved && !e.isRejected)).toHaveLength(1);
  });

  it("refuses to send again once verified", async () => {
    const { user, token } = await newFacilityAdmin();
    expect((await put(token, await facilityData())).status).toBe(200);
    await decide(user.id, { approved: true });
    await expectError(await put(token, await facilityData()), 409, "ALREADY_VERIFIED");
    expect((await (await typedRequest(api, "GET", "/me/facility", { token })).json()).data.state).toBe("verified");
  });

  it("refuses bad input field by field, and a position that is not active, writing nothing", async () => {
    const { user, token } = await newFacilityAdmin();
    const body = await expectError(await put(token, await facilityData({ admin_nik: "12345", admin_phone: "", position_id: "x" })), 400, "VALIDATION_ERROR");
    expect(messagesByField(body.error.details!)).toMatchObject({
      admin_nik: ["harus berupa 16 digit angka"],
      admin_phone: expect.arrayContaining(["Nomor Telepon harus diisi"]),
      position_id: ["Jabatan harus berupa bilangan bulat"],
    });

    const [inactive] = await api.db
      .insert(positions)
      .values({ name: `Jabatan Lama ${Date.now()}`, isActive: false })
      .returning();
    const refused = await expectError(await put(token, await facilityData({ position_id: inactive.id })), 400, "VALIDATION_ERROR");
    expect(refused.error.details).toMatchObject([{ path: "position_id", message: "Jabatan harus berupa nilai yang diizinkan" }]);
    expect(await entriesOf(user.id)).toHaveLength(0);
  });

  it("lists the active positions", async () => {
    const { token } = await newFacilityAdmin();
    const { data } = answered(await api.client().call("GET", "/me/facility/position-options", { token }));
    expect(data.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["Direktur Rumah Sakit", "Kepala Bagian SDM"]));
  });

  it("is for facility admins only", async () => {
    const { token } = await api.login("pemohon@adaptasi.test");
    await expectError(await typedRequest(api, "GET", "/me/facility", { token }), 403, "ADMIN_ROLE_REQUIRED");
    await expectError(await put(token, await facilityData()), 403, "ADMIN_ROLE_REQUIRED");
    await expectError(await typedRequest(api, "GET", "/me/facility/dashboard", { token }), 403, "ADMIN_ROLE_REQUIRED");
    const admin = await api.login("admin@adaptasi.test");
    await expectError(await typedRequest(api, "GET", "/me/facility/position-options", { token: admin.token }), 403, "ADMIN_ROLE_REQUIRED");
    await expectError(await typedRequest(api, "GET", "/me/facility"), 401, "INVALID_TOKEN");
  });
});

describe("GET /api/v1/me/facility/dashboard", () => {
  // The demo registrations of fasyankes@adaptasi.test (seed-applications.ts, byFacility).
  beforeAll(() => api.reseed().then(() => api.seedDemoApplications()), 60_000);

  it("counts the demo facility's registrations by label and lists their newest history", async () => {
    const { token } = await api.login("fasyankes@adaptasi.test");
    const res = await typedRequest(api, "GET", "/me/facility/dashboard", { token });
    expect(res.status).toBe(200);
    const { data } = await res.json();

    const facility = await userByEmail("fasyankes@adaptasi.test");
    const rows = await api.db.select().from(applications).where(eq(applications.submittedByUserId, facility.id));
    const submitted = rows.filter((r) => r.isSubmitted);
    expect(submitted.length).toBeGreaterThanOrEqual(3);
    const expected = new Map<number, number>();
    for (const r of submitted) {
      const { rule } = statusRule({ status: r.status, is_submitted: true, tahap: r.stageId === null ? null : { id: r.stageId } });
      if (rule !== NO_LABEL_RULE) expected.set(rule, (expected.get(rule) ?? 0) + 1);
    }
    expect(data).toMatchObject({ state: "verified", submitted: submitted.length, drafts: rows.length - submitted.length });
    // By spec §4's rule, in the table's order, with no words: the page words each.
    expect(data.counts.map((c: { rule: number; count: number }) => [c.rule, c.count])).toEqual([...expected].sort(([a], [b]) => a - b));
    expect(data.counts.map((c: { rule: number }) => c.rule)).toEqual(expect.arrayContaining([1, 3])); // Dalam Proses, Perbaikan Berkas
    expect(data.counts[0]).not.toHaveProperty("label");

    const history = await api.db
      .select()
      .from(auditLog)
      .where(
        and(
          inArray(
            auditLog.applicationId,
            rows.map((r) => r.id),
          ),
          eq(auditLog.internal, false),
        ),
      );
    expect(data.recent).toHaveLength(Math.min(10, history.length));
    const times = data.recent.map((r: { at: string }) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    const numbers = new Set(rows.map((r) => r.registrationNumber));
    for (const entry of data.recent) {
      expect(numbers.has(entry.registration_number)).toBe(true);
      expect(entry).not.toHaveProperty("note");
    }
    // Each change by its parts, for a page that words them in its own language: the actor's role, each side's stage and status.
    const back = data.recent.find((r: { to_status: string | null }) => r.to_status === "REUPLOAD");
    expect(back).toMatchObject({ to_stage_id: expect.any(Number), to_status: "REUPLOAD", actor_role: expect.any(Number) });
    for (const entry of data.recent) for (const words of ["actor", "from", "to"]) expect(entry).not.toHaveProperty(words);
  });

  it("is empty for a new facility, with its verification state", async () => {
    const { token } = await newFacilityAdmin();
    const { data } = answered(await api.client().call("GET", "/me/facility/dashboard", { token }));
    expect(data).toEqual({ state: "notSubmitted", reason: null, submitted_at: null, submitted: 0, drafts: 0, counts: [], recent: [] });
  });
});
