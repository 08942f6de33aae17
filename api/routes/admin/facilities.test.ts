import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationState } from "#domain/facility";
import { adminAuditLog, facilityProfiles, users, userVerifications } from "../../db/schema";
import { tokenFrom } from "../../test/mail";
import { answered, type ApiBody, createTestApi, expectError, type TestApi, typedRequest, typedRequestAs } from "../../test/helpers";

let api: TestApi;
let adminToken: string;
let seq = 0;
const email = () => `fasyankes.${Date.now()}.${(seq += 1)}@rs.test`;

beforeAll(async () => {
  api = await createTestApi();
  adminToken = (await api.login("admin@adaptasi.test")).token;
});
afterAll(() => api?.close());

const asAdmin = typedRequestAs(
  () => api,
  () => adminToken,
);

const newFacility = (overrides: Record<string, unknown> = {}) => ({
  full_name: "Ns. Dewi Lestari",
  email: email(),
  facility_name: `RSU Harapan Bunda ${(seq += 1)}`,
  facility_type: "RUMAH_SAKIT" as const,
  address: "Jl. Raya Bogor No. 12, Jakarta Timur",
  licence_number: `503/${seq}/RS/2025`,
  contact_phone: "0218401234",
  ...overrides,
});

type Detail = {
  id: string;
  email: string;
  verification_state: string;
  is_hospital_verified: boolean;
  verifications: Array<{ id: number; is_approved: boolean; is_rejected: boolean; reason: string | null; decided_at: string | null }>;
  audit: Array<{ action: string; reason: string | null; actor_role: number }>;
  facility: { facility_name: string; licence_number: string; facility_type: string } | null;
};

async function createFacility(overrides: Record<string, unknown> = {}) {
  const res = await asAdmin("POST", "/admin/facilities", { body: newFacility(overrides) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).data as Detail;
}

const verify = (id: string, json: ApiBody<"POST", "/admin/facilities/:id/verify">) => asAdmin("POST", `/admin/facilities/${id}/verify`, { body: json });
const idOf = async (mail: string) => (await api.db.select({ id: users.id }).from(users).where(eq(users.email, mail)))[0].id;

describe("roles", () => {
  it.each(["superadmin@adaptasi.test", "subkomite@adaptasi.test", "pemohon@adaptasi.test", "fasyankes@adaptasi.test"])("refuses %s with 403", async (who) => {
    const { token } = await api.login(who);
    for (const [path, method, json] of [
      ["/facilities", "GET", undefined],
      ["/facilities", "POST", newFacility()],
      ["/facilities/00000000-0000-0000-0000-000000000000", "GET", undefined],
      ["/facilities/00000000-0000-0000-0000-000000000000/verify", "POST", { decision: "APPROVE" }],
    ] as const) {
      // Raw: a table of routes of several methods and bodies.
      await expectError(await api.request(`/api/v1/admin${path}`, { method, json, token }), 403, "ADMIN_ROLE_REQUIRED");
    }
  });

  it("refuses callers without a session with 401", async () => {
    await expectError(await typedRequest(api, "GET", "/admin/facilities"), 401, "INVALID_TOKEN");
  });
});

describe("GET /admin/facilities", () => {
  it("lists facility admins with their facility, pending first, and states that match domain/facility.ts", async () => {
    const res = await asAdmin("GET", "/admin/facilities");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 25 });
    const baru = body.data.find((r: { email: string }) => r.email === "fasyankes.baru@adaptasi.test");
    expect(baru).toMatchObject({
      facility_name: "Klinik Utama Sehat Sentosa",
      facility_type: "KLINIK_UTAMA",
      verification_state: "pending",
      submitted_at: expect.any(String),
    });
    expect(body.data.find((r: { email: string }) => r.email === "fasyankes@adaptasi.test")).toMatchObject({ verification_state: "verified" });
    const states: string[] = body.data.map((r: { verification_state: string }) => r.verification_state);
    expect(states[0]).toBe("pending");
    expect(states.slice(states.findIndex((s) => s !== "pending"))).not.toContain("pending");

    // The SQL filter and verificationState agree, row for row.
    for (const state of ["pending", "verified", "rejected", "notSubmitted"] as const) {
      const rows = (await (await asAdmin("GET", "/admin/facilities", { query: { state } })).json()).data as Array<{ id: string; verification_state: string }>;
      for (const row of rows) {
        const [u] = await api.db.select().from(users).where(eq(users.id, row.id));
        const entries = await api.db.select().from(userVerifications).where(eq(userVerifications.userId, row.id));
        entries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
        expect(
          verificationState(
            u.isHospitalVerified,
            entries.map((e) => ({ is_approved: e.isApproved, is_rejected: e.isRejected })),
          ),
        ).toBe(state);
        expect(row.verification_state).toBe(state);
      }
    }
  });

  it("searches name, e-mail, facility name and licence number", async () => {
    const created = await createFacility({ facility_name: "Puskesmas Cari Saya", licence_number: "LIC/CARI/0099", full_name: "Bapak Pencarian" });
    for (const q of ["cari saya", "LIC/CARI/0099", "pencarian", created.email.toUpperCase()]) {
      const rows = (await (await asAdmin("GET", "/admin/facilities", { query: { q } })).json()).data as Array<{ id: string }>;
      expect(
        rows.map((r) => r.id),
        q,
      ).toEqual([created.id]);
    }
    const none = await (await asAdmin("GET", "/admin/facilities", { query: { q: "tidak-ada-yang-cocok" } })).json();
    expect(none).toMatchObject({ data: [], meta: { total: 0, pages: 1 } });
  });

  it("answers 400 for bad filters", async () => {
    for (const q of ["state=maybe", "page=-1", `q=${"x".repeat(101)}`]) {
      // Raw: filters the route's query type refuses.
      await expectError(await api.request(`/api/v1/admin/facilities?${q}`, { token: adminToken }), 400, "VALIDATION_ERROR");
    }
  });
});

describe("GET /admin/facilities/:id", () => {
  it("shows account, facility data, every verification entry and the audit", async () => {
    const id = await idOf("fasyankes.baru@adaptasi.test");
    const body = (await (await asAdmin("GET", `/admin/facilities/${id}`)).json()).data as Detail;
    expect(body).toMatchObject({
      email: "fasyankes.baru@adaptasi.test",
      verification_state: "pending",
      facility: { facility_name: "Klinik Utama Sehat Sentosa", facility_type: "KLINIK_UTAMA" },
    });
    expect(body.verifications).toHaveLength(1);
  });

  it("answers 404 for staff, applicants and unknown ids", async () => {
    const staff = await idOf("kki@adaptasi.test");
    for (const id of [staff, "00000000-0000-0000-0000-000000000000", "bukan-id"])
      await expectError(await asAdmin("GET", `/admin/facilities/${id}`), 404, "NOT_FOUND");
  });
});

describe("POST /admin/facilities", () => {
  it("creates a pending facility admin with its facility, mails a set-password link and logs it", async () => {
    const created = await createFacility({ contact_email: "SDM@RS.test" });
    expect(created).toMatchObject({ verification_state: "pending", is_hospital_verified: false, facility: { facility_type: "RUMAH_SAKIT" } });
    const [row] = await api.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ roleId: 8, isFasyankes: true, isHospitalVerified: false });
    expect(row.activatedAt).not.toBeNull();
    const [profile] = await api.db.select().from(facilityProfiles).where(eq(facilityProfiles.userId, created.id));
    expect(profile.contactEmail).toBe("sdm@rs.test");
    expect(created.audit).toEqual([expect.objectContaining({ action: "FACILITY_CREATE", actor_role: 2 })]);

    const [mail] = await api.mails(created.email);
    const token = tokenFrom(mail, "/forgot-password");
    const reset = await typedRequest(api, "POST", "/password/reset", { body: { token, password: "SandiBaru2026", password_confirmation: "SandiBaru2026" } });
    expect(reset.status, await reset.clone().text()).toBe(200);
    const { token: access } = await api.login(created.email, "SandiBaru2026");
    const me = answered(await api.client().call("GET", "/admin/get-me", { token: access }));
    expect(me.data.userVerification[0]).toMatchObject({ is_approved: false, is_rejected: false });
  });

  it("answers 409 EMAIL_TAKEN for an address in use, whatever its case", async () => {
    const body = await expectError(await asAdmin("POST", "/admin/facilities", { body: newFacility({ email: "Fasyankes@adaptasi.test" }) }), 409, "EMAIL_TAKEN");
    expect(body.error.message).toBe("Alamat surel sudah terdaftar.");
  });

  it("answers 400 with the spec messages for bad input", async () => {
    // Raw: a facility type the route's type does not know, and required fields left out.
    const body = await expectError(
      await api.request("/api/v1/admin/facilities", {
        json: { full_name: "", email: "bukan", facility_type: "PASAR", address: "pendek", contact_phone: "12ab", contact_email: "x@" },
        token: adminToken,
      }),
      400,
      "VALIDATION_ERROR",
    );
    const message = (path: string) => body.error.details!.find((d) => d.path === path)?.message;
    expect(message("full_name")).toBe("Nama Lengkap harus diisi");
    expect(message("email")).toBe("harus berupa alamat surel yang benar");
    expect(message("facility_name")).toBe("Nama Fasyankes harus diisi");
    expect(message("facility_type")).toBe("Jenis Fasyankes harus berupa nilai yang diizinkan");
    expect(message("address")).toBe("minimal mengandung 10 karakter");
    expect(message("licence_number")).toBe("Nomor Izin Operasional harus diisi");
    expect(message("contact_phone")).toBe("harus berupa angka");
    expect(message("contact_email")).toBe("harus berupa alamat surel yang benar");
  });
});

describe("POST /admin/facilities/:id/verify", () => {
  it("approves the pending entry: verified, audited, mailed", async () => {
    const created = await createFacility();
    const res = await verify(created.id, { decision: "APPROVE", verification_id: created.verifications[0].id });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()).data as Detail;
    expect(body).toMatchObject({ verification_state: "verified", is_hospital_verified: true });
    expect(body.verifications[0]).toMatchObject({ is_approved: true, is_rejected: false, reason: null, decided_at: expect.any(String) });
    expect(body.audit[0]).toMatchObject({ action: "FACILITY_VERIFY", actor_role: 2 });
    const [audit] = await api.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, created.id), eq(adminAuditLog.action, "FACILITY_VERIFY")));
    expect(audit.targetType).toBe("user");

    const mail = (await api.mails(created.email)).find((m) => m.subject.includes("Data Fasyankes terverifikasi"))!;
    expect(mail).toBeDefined();
    expect(mail.text).toContain("mendaftarkan tenaga kesehatan");
  });

  it("rejects with a reason: not verified, reason stored, audited and mailed", async () => {
    const created = await createFacility();
    const reason = "Nomor izin operasional tidak sesuai dengan dokumen.";
    const res = await verify(created.id, { decision: "REJECT", reason });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()).data as Detail;
    expect(body).toMatchObject({ verification_state: "rejected", is_hospital_verified: false });
    expect(body.verifications[0]).toMatchObject({ is_rejected: true, reason });
    expect(body.audit[0]).toMatchObject({ action: "FACILITY_REJECT", reason });
    const mail = (await api.mails(created.email)).find((m) => m.subject.includes("Data Fasyankes perlu diperbaiki"))!;
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain("Data Personal");
  });

  it("answers 400 with the spec message when a rejection has no reason, and changes nothing", async () => {
    const created = await createFacility();
    const body = await expectError(await verify(created.id, { decision: "REJECT", reason: "  " }), 400, "VALIDATION_ERROR");
    expect(body.error.details).toMatchObject([{ path: "reason", message: "Alasan harus diisi" }]);
    const long = await expectError(await verify(created.id, { decision: "APPROVE", reason: "x".repeat(501) }), 400, "VALIDATION_ERROR");
    expect(long.error.details?.[0]).toMatchObject({ path: "reason", message: "tidak boleh lebih dari 500 karakter" });
    // Raw: a decision the route's type does not know.
    await expectError(
      await api.request(`/api/v1/admin/facilities/${created.id}/verify`, { json: { decision: "MAYBE" }, token: adminToken }),
      400,
      "VALIDATION_ERROR",
    );
    const after = (await (await asAdmin("GET", `/admin/facilities/${created.id}`)).json()).data as Detail;
    expect(after.verification_state).toBe("pending");
  });

  it("answers 409 VERIFICATION_NOT_PENDING once decided, with nothing sent, or for a stale entry", async () => {
    const created = await createFacility();
    expect((await verify(created.id, { decision: "APPROVE" })).status).toBe(200);
    const again = await expectError(await verify(created.id, { decision: "REJECT", reason: "Terlambat diputuskan" }), 409, "VERIFICATION_NOT_PENDING");
    expect(again.error.message).toMatch(/Muat ulang halaman/);

    const fresh = await createFacility();
    await api.db.delete(userVerifications).where(eq(userVerifications.userId, fresh.id));
    await expectError(await verify(fresh.id, { decision: "APPROVE" }), 409, "VERIFICATION_NOT_PENDING");

    // The facility sent its data again after the admin opened the form: the old entry is not decided.
    const resent = await createFacility();
    await api.db.insert(userVerifications).values({ userId: resent.id, createdAt: new Date(Date.now() + 1000) });
    await expectError(await verify(resent.id, { decision: "APPROVE", verification_id: resent.verifications[0].id }), 409, "VERIFICATION_NOT_PENDING");
  });

  it("lets exactly one of two racing decisions win", async () => {
    const created = await createFacility();
    const [a, b] = await Promise.all([verify(created.id, { decision: "APPROVE" }), verify(created.id, { decision: "REJECT", reason: "Data tidak lengkap" })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const audits = await api.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, created.id));
    expect(audits.filter((x) => x.action !== "FACILITY_CREATE")).toHaveLength(1);
    const [entry] = await api.db.select().from(userVerifications).where(eq(userVerifications.userId, created.id));
    expect(entry.isApproved !== entry.isRejected).toBe(true);
    const [u] = await api.db.select().from(users).where(eq(users.id, created.id));
    expect(u.isHospitalVerified).toBe(entry.isApproved);
  });

  it("answers 404 for an account that is not a facility admin", async () => {
    await expectError(await verify(await idOf("pemohon@adaptasi.test"), { decision: "APPROVE" }), 404, "NOT_FOUND");
  });
});

describe("OpenAPI", () => {
  it("describes the facility endpoints", async () => {
    // Raw: the OpenAPI document is served beside the typed routes, not one of them.
    const doc = await (await api.request("/api/v1/openapi.json", { apiKey: false })).json();
    for (const path of ["/api/v1/admin/facilities", "/api/v1/admin/facilities/{id}", "/api/v1/admin/facilities/{id}/verify"]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
