import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirementsFor, type JalurId } from "#domain/documents";
import { DRAFT_RULE } from "#domain/status-label";
import { docx, pdf, png } from "../../../tests/fixtures/files";
import { activityKinds, applicantProfiles, applications, users } from "../../db/schema";
import { hashPassword } from "../../services/passwords";
import type { ApiBody } from "../../../app/utils/api.server";
import { answered, createTestApi, DEMO_PASSWORD, multipart, refused as expectRefused, type TestApi } from "../../test/helpers";
import { FOREIGN_DOCTOR } from "../../../tests/fixtures/people";

// A verified facility admin (role 8) registers professionals (docs/decisions/010-facility-registrations.md).

let api: TestApi;
let pdfBytes: Buffer;
let facility: string;
let institutionId: number;
let specializationId: number;
let kinds: Array<{ id: number; name: string }>;

beforeAll(async () => {
  api = await createTestApi();
  pdfBytes = await pdf();
  facility = (await api.login("fasyankes@adaptasi.test")).token;
  institutionId = answered(await api.client().call("GET", "/institutions", { token: facility, query: { q: "malaya" } })).data[0].id;
  specializationId = answered(await api.client().call("GET", "/specializations")).data[0].id;
  kinds = answered(await api.client().call("GET", "/activity-kinds", { token: facility })).data;
});
afterAll(() => api?.close());

/** Letters only, so a name made from it passes the profile's rules; searching it finds this test's rows. */
const tag = () => Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join("");

type Registration = ApiBody<"POST", "/registrations">;

function professional(jalur_id: JalurId, overrides: Partial<Registration> = {}) {
  const t = tag();
  return {
    full_name: `Maria ${t}`,
    email: `nakes.${t}@contoh.id`,
    ...FOREIGN_DOCTOR,
    identity_number: `P${String(Date.now()).slice(-7)}${t.slice(0, 3).toUpperCase()}`,
    institution_id: institutionId,
    jalur_id,
    ...(jalur_id === "OTH" ? { activity_kind_id: kinds[0].id } : {}),
    ...(jalur_id === "SPE" ? { specialization_id: specializationId } : {}),
    ...overrides,
  };
}

const register = (token: string, body: Registration) => api.client().call("POST", "/registrations", { token, body });

async function registered(jalur: JalurId, overrides: Partial<Registration> = {}) {
  const body = professional(jalur, overrides);
  const res = await register(facility, body);
  expect(res.status).toBe(201);
  return { body, data: answered(res).data };
}

function everyDocument(jalur: JalurId): FormData {
  const fd = new FormData();
  for (const r of requirementsFor(jalur)) {
    const [name, data] = r.allowed_extnames.includes("docx") ? ["cv.docx", docx()] : r.merged ? ["ijazah.pdf", pdfBytes] : ["scan.png", png()];
    fd.append(`doc_${r.id}`, new Blob([new Uint8Array(data)]), name);
  }
  return fd;
}

/** Another verified facility admin, logged in. */
async function otherFacility() {
  const email = `fasyankes.${tag()}@contoh.id`;
  const user = await api.createUser({ email, roleId: 8 });
  await api.db.update(users).set({ isHospitalVerified: true, isFasyankes: true }).where(eq(users.id, user.id));
  return (await api.login(email)).token;
}

describe("who may register", () => {
  it("refuses an unverified facility admin with FACILITY_NOT_VERIFIED, other roles with FACILITY_ONLY", async () => {
    const unverified = (await api.login("fasyankes.baru@adaptasi.test")).token;
    const e = expectRefused(await register(unverified, professional("REG")), 403, "FACILITY_NOT_VERIFIED");
    expect(e.error.message).toContain("belum terverifikasi");
    expectRefused(await api.client().call("GET", "/registrations", { token: unverified }), 403, "FACILITY_NOT_VERIFIED");
    for (const who of ["pemohon", "admin", "subkomite", "superadmin"]) {
      const { token } = await api.login(`${who}@adaptasi.test`);
      expectRefused(await register(token, professional("REG")), 403, "FACILITY_ONLY");
      expectRefused(await api.client().call("GET", "/registrations", { token }), 403, "FACILITY_ONLY");
    }
    expectRefused(await api.client().call("GET", "/registrations"), 401, "INVALID_TOKEN");
  });
});

describe("activity kinds", () => {
  it("lists only the active kinds", async () => {
    expect(kinds.map((k) => k.name)).toContain("Bakti sosial");
    const [inactive] = await api.db
      .insert(activityKinds)
      .values({ name: `Nonaktif ${tag()}`, isActive: false })
      .returning();
    const res = await api.client().call("GET", "/activity-kinds", { token: facility });
    expect(answered(res).data.map((k: { id: number }) => k.id)).not.toContain(inactive.id);
  });
});

describe("registering a professional", () => {
  it("creates a role-3 account nobody can log into yet, its profile and a draft on REG", async () => {
    const { body, data } = await registered("REG");
    expect(data).toMatchObject({
      application: {
        jalur_id: "REG",
        is_submitted: false,
        label: { rule: 12, colour: "blue" },
        registration_number: expect.stringMatching(/^ADP-/),
      },
      professional: { full_name: body.full_name, email: body.email },
      activity_kind: null,
    });
    const [user] = await api.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ roleId: 3, isForeign: true, foreignId: body.identity_number, nationality: "PH", activatedAt: null });
    const [profile] = await api.db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, user.id));
    expect(profile).toMatchObject({ fullName: body.full_name, institutionId, graduationYear: 2012 });
    const [app] = await api.db.select().from(applications).where(eq(applications.id, data.application.id));
    expect(app).toMatchObject({ applicantUserId: user.id, applicantName: body.full_name, activityKindId: null });
    // No activation mail: the facility registered them, not they themselves.
    expect(await api.mails(body.email)).toEqual([]);
    const login = await api.client().call("POST", "/login", { body: { email: body.email, password: DEMO_PASSWORD } });
    expect(login.status).not.toBe(200);
  });

  it("creates SPE with its specialization, and a citizen (NIK) as not foreign", async () => {
    const nik = `3171${String(Date.now()).slice(-12)}`;
    const { body, data } = await registered("SPE", { identity_type: "NIK", identity_number: nik, nationality: "ID" });
    expect(data.application.jalur_id).toBe("SPE");
    const [user] = await api.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ isForeign: false, nik, foreignId: null });
    expectRefused(await register(facility, professional("SPE", { specialization_id: undefined })), 400, "VALIDATION_ERROR");
  });

  it("creates OTH with an active activity kind; without one or with an inactive one → 400 on activity_kind_id", async () => {
    const { data } = await registered("OTH", { activity_kind_id: kinds[1].id });
    expect(data.activity_kind).toEqual({ id: kinds[1].id, name: kinds[1].name });
    let e = expectRefused(await register(facility, professional("OTH", { activity_kind_id: undefined })), 400, "VALIDATION_ERROR");
    expect(e.error.details).toMatchObject([{ path: "activity_kind_id", message: "Jenis Kegiatan harus diisi" }]);
    const [inactive] = await api.db
      .insert(activityKinds)
      .values({ name: `Lama ${tag()}`, isActive: false })
      .returning();
    e = expectRefused(await register(facility, professional("OTH", { activity_kind_id: inactive.id })), 400, "VALIDATION_ERROR");
    expect(e.error.details).toMatchObject([{ path: "activity_kind_id", message: "Jenis Kegiatan harus berupa nilai yang diizinkan" }]);
    e = expectRefused(await register(facility, professional("OTH", { activity_kind_id: 999_999 })), 400, "VALIDATION_ERROR");
    expect(e.error.details?.[0].path).toBe("activity_kind_id");
  });

  it("answers bad input with the form's messages, and an unknown institution on its field", async () => {
    const e = expectRefused(await register(facility, professional("REG", { identity_number: "", email: "salah" })), 400, "VALIDATION_ERROR");
    expect(e.error.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: "identity_number", message: "Nomor Identitas harus diisi" }),
        expect.objectContaining({ path: "email", message: expect.any(String) }),
      ]),
    );
    const bad = expectRefused(await register(facility, professional("REG", { institution_id: 999_999 })), 400, "VALIDATION_ERROR");
    expect(bad.error.details?.[0].path).toBe("institution_id");
  });

  it("never takes over someone else's account, and gives one answer whether the e-mail is someone else's or has an open application", async () => {
    const answers: unknown[] = [];
    const refused = async (res: Awaited<ReturnType<typeof register>>) => answers.push(expectRefused(res, 409, "PROFESSIONAL_EMAIL_TAKEN").error);
    await refused(await register(facility, professional("REG", { email: "admin@adaptasi.test" })));
    // An applicant who signed up by themselves: not this facility's, with or without an open application.
    const own = `sendiri.${tag()}@contoh.id`;
    await api.createUser({ email: own });
    await refused(await register(facility, professional("REG", { email: own })));
    const { token } = await api.login(own);
    expect((await api.client().call("POST", "/applications", { token, body: { jalur_id: "REG" } })).status).toBe(201);
    await refused(await register(facility, professional("REG", { email: own })));
    // The facility's own professional with a draft still open.
    const { body } = await registered("REG");
    await refused(await register(facility, professional("OTH", { email: body.email })));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ code: "PROFESSIONAL_EMAIL_TAKEN", message: expect.stringMatching(/^Alamat surel ini tidak dapat dipakai/) });
    expect(JSON.stringify(answers[0])).not.toMatch(/permohonan yang berjalan|akun lain/);
    // The same passport of the same country under another e-mail.
    expectRefused(await register(facility, professional("REG", { identity_number: body.identity_number })), 409, "PROFESSIONAL_IDENTITY_TAKEN");
  });

  it("registers the facility's own professional again once the earlier application is final", async () => {
    const { body, data } = await registered("REG");
    await api.db.update(applications).set({ isFinal: true }).where(eq(applications.id, data.application.id));
    const again = await register(facility, professional("OTH", { email: body.email, identity_number: body.identity_number }));
    expect(again.status).toBe(201);
    const [user] = await api.db.select().from(users).where(eq(users.email, body.email));
    const rows = await api.db.select().from(applications).where(eq(applications.applicantUserId, user.id));
    expect(rows).toHaveLength(2);
  });
});

describe("documents, submission and ownership", () => {
  it("the facility uploads and submits; the professional owns it; another facility gets 404; a reviewer finds it", async () => {
    const { body, data } = await registered("OTH");
    const id = data.application.id;
    const up = await api.client().upload(`/applications/${id}/documents`, ...multipart(everyDocument("OTH")), { token: facility });
    expect(up.status).toBe(200);
    expect(answered(up).data.errors).toEqual([]);
    const sub = await api.client().call("POST", `/applications/${id}/submit`, { token: facility, body: { idempotency_key: "k1" } });
    expect(sub.status).toBe(200);
    expect(answered(sub).data).toMatchObject({ is_submitted: true, status: "IN-PROGRESS", label: { rule: 1 } });

    const other = await otherFacility();
    expectRefused(await api.client().call("GET", `/registrations/${id}`, { token: other }), 404, "NOT_FOUND");
    expectRefused(await api.client().call("GET", `/applications/${id}`, { token: other }), 404, "NOT_FOUND");
    expect(answered(await api.client().call("GET", "/registrations", { token: other })).meta.total).toBe(0);

    // The professional sets a password (as "Lupa kata sandi" would) and sees the application as theirs.
    await api.db
      .update(users)
      .set({ passwordHash: await hashPassword(DEMO_PASSWORD), activatedAt: new Date() })
      .where(eq(users.email, body.email));
    const { token } = await api.login(body.email);
    const current = answered(await api.client().call("GET", "/applications/current", { token })).data;
    expect(current).toMatchObject({ id, is_submitted: true });

    const admin = (await api.login("admin@adaptasi.test")).token;
    const review = answered(await api.client().call("GET", "/review/applications", { token: admin, query: { tab: "all", q: body.full_name } }));
    expect(review.data.map((r: { id: string }) => r.id)).toContain(id);
  });

  it("lists the facility's registrations with labels, paged and searchable; the detail names the professional", async () => {
    const { body, data } = await registered("OTH");
    const res = await api.client().call("GET", "/registrations", { token: facility, query: { q: body.full_name.toUpperCase() } });
    expect(res.status).toBe(200);
    const list = answered(res);
    expect(list.meta).toMatchObject({ page: 1, per_page: 20, total: 1 });
    expect(list.data[0]).toMatchObject({
      id: data.application.id,
      applicant_name: body.full_name,
      applicant_email: body.email,
      jalur_id: "OTH",
      activity_kind: { id: kinds[0].id },
      is_submitted: false,
      label: { rule: 12, colour: "blue" },
    });
    const all = answered(await api.client().call("GET", "/registrations", { token: facility }));
    // The seeded registrations of the demo facility (seed-applications.ts) are there too.
    expect(all.meta.total).toBeGreaterThanOrEqual(4);
    expect(all.data.map((r) => r.label.rule)).toContain(DRAFT_RULE);
    const detail = answered(await api.client().call("GET", `/registrations/${data.application.id}`, { token: facility }));
    expect(detail.data).toMatchObject({
      professional: { email: body.email },
      activity_kind: { name: kinds[0].name },
      application: { missing: expect.any(Array) },
    });
    expectRefused(await api.client().call("GET", "/registrations", { token: facility, query: { page: "x" } }), 400, "VALIDATION_ERROR");
    expectRefused(await api.client().call("GET", "/registrations/not-a-uuid", { token: facility }), 404, "NOT_FOUND");
  });
});
