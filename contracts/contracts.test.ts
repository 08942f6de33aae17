import type { z } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf } from "../tests/fixtures/files";
import { createTestApi, type TestApi } from "../api/test/helpers";
import { AdditionalListSchema } from "./additional";
import { EntrySchema, FacilityAdminDetailSchema, FacilityAdminSchema, PageMetaSchema, SlaStageSchema, StaffDetailSchema, StaffSchema } from "./admin";
import { AchievementsSchema, ApplicationSchema, FileHistorySchema, PortfolioSchema } from "./applications";
import { AnnouncementSchema, CmsContentSchema, WelcomeContentSchema } from "./cms";
import { PublicConfigSchema } from "./config";
import { DocumentRequirementSchema } from "./document-requirements";
import { DashboardSchema, MyFacilitySchema } from "./facility";
import { MeSchema } from "./me";
import { ProfileSchema } from "./profile";
import { AchievementTypeSchema, CountrySchema, InstitutionSchema, SpecializationSchema } from "./reference";
import { ActivityKindEntrySchema, RegistrationRowSchema, RegistrationSchema } from "./registrations";
import { ListSchema, ReviewDetailSchema } from "./review";
import { AdminTestScheduleSchema, TestScheduleSchema } from "./test-schedules";

// The API's answers against the contracts the portal is typed with, on the demo data: a field the
// API adds, drops, renames or retypes fails here, not in a page at run time.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  // The demo applications too (they need a file store): every row of the status-label table.
  await api.seedDemoApplications();
}, 60_000);
afterAll(() => api?.close());

/** Parsing keeps only the contract's fields and checks their types: equal means nothing more, nothing less. */
function expectExactly(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? [], JSON.stringify(value).slice(0, 300)).toEqual([]);
  expect(parsed.data).toEqual(value);
}

/** A real answer with one field renamed must not match: the check would catch an API-side rename. */
function expectRenameCaught(schema: z.ZodType, value: Record<string, unknown>, field: string) {
  expect(field in value, field).toBe(true);
  const { [field]: kept, ...rest } = value;
  const renamed = { ...rest, [`${field}_renamed`]: kept };
  const parsed = schema.safeParse(renamed);
  expect(parsed.success && JSON.stringify(parsed.data) === JSON.stringify(renamed), `${field} renamed still matched`).toBe(false);
}

async function get(path: string, token?: string) {
  const res = await api.request(`/api/v1${path}`, { token });
  expect(res.status, path).toBe(200);
  return (await res.json()).data;
}

describe("the contracts match what the API answers", () => {
  it("Application: every demo application as the Super Admin's review detail shows it", async () => {
    const { token } = await api.login("superadmin@adaptasi.test");
    const res = await api.request("/api/v1/review/applications?tab=all", { token });
    const { data: rows } = (await res.json()) as { data: Array<{ id: string }> };
    expect(rows.length).toBeGreaterThan(0);
    for (const { id } of rows) expectExactly(ApplicationSchema, (await get(`/review/applications/${id}`, token)).application);
  });

  it("Portfolio and Achievements: the SPE extras of every demo SPE application, as its applicant reads them", async () => {
    const { token: admin } = await api.login("superadmin@adaptasi.test");
    const res = await api.request("/api/v1/review/applications?tab=all", { token: admin });
    const { data: rows } = (await res.json()) as { data: Array<{ id: string; jalur_id: string }> };
    const spe = rows.filter((r) => r.jalur_id === "SPE");
    expect(spe.length).toBeGreaterThan(0);
    let read = 0;
    for (const { id } of spe) {
      const owner = (await get(`/review/applications/${id}`, admin)).submitted_by;
      if (owner.facility || !owner.email) continue;
      const { token } = await api.login(owner.email);
      expectExactly(PortfolioSchema, await get(`/applications/${id}/portfolio`, token));
      expectExactly(AchievementsSchema, await get(`/applications/${id}/achievements`, token));
      read += 1;
    }
    expect(read).toBeGreaterThan(0);
  });

  it("FileHistory: every demo application's document versions, as whoever submitted it reads them", async () => {
    const { token: admin } = await api.login("superadmin@adaptasi.test");
    const { data: rows } = (await (await api.request("/api/v1/review/applications?tab=all", { token: admin })).json()) as { data: Array<{ id: string }> };
    expect(rows.length).toBeGreaterThan(0);
    for (const { id } of rows) {
      const owner = (await get(`/review/applications/${id}`, admin)).submitted_by;
      if (!owner.email) continue;
      expectExactly(FileHistorySchema, await get(`/applications/${id}/file-history`, (await api.login(owner.email)).token));
    }
  });

  it("MyFacility and FacilityDashboard: a verified facility admin's own pages", async () => {
    const { token } = await api.login("fasyankes@adaptasi.test");
    const facility = await get("/me/facility", token);
    expect(facility.facility).not.toBeNull();
    expectExactly(MyFacilitySchema, facility);
    expectExactly(DashboardSchema, await get("/me/facility/dashboard", token));
  });

  it("FacilityAdmin and FacilityAdminDetail: the Admin's list and one facility admin", async () => {
    const { token } = await api.login("admin@adaptasi.test");
    const rows = await get("/admin/facilities", token);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expectExactly(FacilityAdminSchema, row);
    const verified = rows.find((r: { facility_name: string | null }) => r.facility_name !== null);
    expectExactly(FacilityAdminDetailSchema, await get(`/admin/facilities/${verified.id}`, token));
  });
});

describe("the applicant's personal data", () => {
  it("Profile: every demo applicant's data as the review detail shows it, and a new account's empty one", async () => {
    const { token } = await api.login("superadmin@adaptasi.test");
    const res = await api.request("/api/v1/review/applications?tab=all", { token });
    const { data: rows } = (await res.json()) as { data: Array<{ id: string }> };
    for (const { id } of rows) {
      const { applicant } = await get(`/review/applications/${id}`, token);
      const { kind: _kind, institution_name: _institution, specialization_name: _specialization, ...profile } = applicant;
      expectExactly(ProfileSchema, profile);
    }
    await api.createUser({ email: "kontrak.baru@contoh.id" });
    const fresh = await api.login("kontrak.baru@contoh.id");
    expectExactly(ProfileSchema, await get("/me/profile", fresh.token));
  });
});

describe("the review lists and detail", () => {
  it("ReviewRow and ReviewDetail: the Super Admin's list and every detail on it", async () => {
    const { token } = await api.login("superadmin@adaptasi.test");
    const res = await api.request("/api/v1/review/applications?tab=all", { token });
    const list = await res.json();
    expectExactly(ListSchema, list);
    for (const { id } of list.data as Array<{ id: string }>) expectExactly(ReviewDetailSchema, await get(`/review/applications/${id}`, token));
  });
});

describe("a facility's registrations", () => {
  it("RegistrationRow, PageMeta, Registration and ActivityKind: the verified demo facility's list, each registration and the activity kinds", async () => {
    const { token } = await api.login("fasyankes@adaptasi.test");
    const res = await api.request("/api/v1/registrations", { token });
    const page = (await res.json()) as { data: Array<{ id: string }>; meta: unknown };
    expect(page.data.length).toBeGreaterThan(0);
    expectExactly(PageMetaSchema, page.meta);
    for (const row of page.data) {
      expectExactly(RegistrationRowSchema, row);
      expectExactly(RegistrationSchema, await get(`/registrations/${row.id}`, token));
    }
    const kinds = await get("/activity-kinds", token);
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expectExactly(ActivityKindEntrySchema, kind);
    expectRenameCaught(ActivityKindEntrySchema, kinds[0], "description");
  });
});

describe("the Super Admin's and Admin's lists", () => {
  it("Staff, StaffDetail, ReferenceEntry and SlaStage: every row the demo data has", async () => {
    const superAdmin = (await api.login("superadmin@adaptasi.test")).token;
    const users = await get("/admin/users", superAdmin);
    for (const row of users) expectExactly(StaffSchema, row);
    expectExactly(StaffDetailSchema, await get(`/admin/users/${users[0].id}`, superAdmin));
    for (const path of ["/admin/specializations", "/admin/institutions"]) for (const row of await get(path, superAdmin)) expectExactly(EntrySchema, row);
    for (const row of await get("/admin/sla", superAdmin)) expectExactly(SlaStageSchema, row);
    const admin = (await api.login("admin@adaptasi.test")).token;
    for (const row of await get("/admin/positions", admin)) expectExactly(EntrySchema, row);
  });
});

describe("what the public pages show and the Admin edits on /master-cms", () => {
  it("PublicConfig, WelcomeContent, TestSchedule: the public reads, with an announcement published", async () => {
    const admin = (await api.login("admin@adaptasi.test")).token;
    const res = await api.request("/api/v1/admin/cms/announcements", { token: admin, json: { title: "Kontrak", body: "Pengumuman untuk uji kontrak" } });
    expect(res.status).toBe(201);
    const announcement = (await res.json()).data;
    expectExactly(AnnouncementSchema, announcement);
    expectExactly(AnnouncementSchema, await get(`/admin/cms/announcements/${announcement.id}`, admin));

    expectExactly(PublicConfigSchema, await get("/config/public"));
    const welcome = await get("/cms/welcome");
    expect(welcome.announcements.length).toBeGreaterThan(0);
    expectExactly(WelcomeContentSchema, welcome);
    const schedules = await get("/test-schedules");
    expect(schedules.length).toBeGreaterThan(0);
    for (const row of schedules) expectExactly(TestScheduleSchema, row);
    expectRenameCaught(TestScheduleSchema, schedules[0], "starts_at");
    expectRenameCaught(AnnouncementSchema, announcement, "published_at");
  });

  it("CmsContent and AdminTestSchedule: everything /master-cms shows, inactive entries too", async () => {
    const admin = (await api.login("admin@adaptasi.test")).token;
    const cms = await get("/admin/cms", admin);
    expect(cms.test_schedules.length).toBeGreaterThan(0);
    expectExactly(CmsContentSchema, cms);
    const [first] = cms.test_schedules;
    expectExactly(AdminTestScheduleSchema, await get(`/admin/test-schedules/${first.id}`, admin));
    expectRenameCaught(CmsContentSchema, cms, "navbar_links");
  });
});

describe("the public reference lists and document requirements", () => {
  it("DocumentRequirement, Country, Institution, Specialization, AchievementType: every row", async () => {
    const lists = [
      ["/document-requirements", DocumentRequirementSchema],
      ["/countries", CountrySchema],
      ["/institutions", InstitutionSchema],
      ["/specializations", SpecializationSchema],
      ["/achievement-types", AchievementTypeSchema],
    ] as const;
    for (const [path, schema] of lists) {
      const rows = await get(path);
      expect(rows.length, path).toBeGreaterThan(0);
      for (const row of rows) expectExactly(schema, row);
    }
    expectRenameCaught(DocumentRequirementSchema, (await get("/document-requirements?jalur=SPE"))[0], "allowed_extnames");
    expectRenameCaught(InstitutionSchema, (await get("/institutions"))[0], "country");
  });
});

describe("the signed-in user", () => {
  it("Me: every demo staff account, the facility admin and each demo applicant", async () => {
    const superAdmin = (await api.login("superadmin@adaptasi.test")).token;
    const emails = ["superadmin@adaptasi.test", "admin@adaptasi.test", "fasyankes@adaptasi.test"];
    for (const row of await get("/admin/users", superAdmin)) emails.push(row.email);
    const res = await api.request("/api/v1/review/applications?tab=all", { token: superAdmin });
    for (const { id } of (await res.json()).data as Array<{ id: string }>) emails.push((await get(`/review/applications/${id}`, superAdmin)).applicant.email);
    const checked = new Set<string>();
    for (const email of new Set(emails)) {
      // A deactivated or not yet activated demo account cannot sign in: it has no /admin/get-me.
      const login = await api.login(email).catch(() => null);
      if (!login) continue;
      expectExactly(MeSchema, await get("/admin/get-me", login.token));
      checked.add(email);
    }
    expect(checked.size).toBeGreaterThan(3);
    expectRenameCaught(MeSchema, await get("/admin/get-me", superAdmin), "userVerification");
  });
});

describe("the extra documents a reviewer asks for", () => {
  it("AdditionalRequirementList: a demo SPE file in review, asked by its reviewer and answered with a file", async () => {
    const superAdmin = (await api.login("superadmin@adaptasi.test")).token;
    const res = await api.request("/api/v1/review/applications?tab=all", { token: superAdmin });
    const rows = (await res.json()).data as Array<{ id: string }>;
    // Only the reviewer of a file's open stage may ask: try each demo staff account on each file.
    const staff: string[] = [superAdmin];
    for (const { email } of await get("/admin/users", superAdmin)) {
      const login = await api.login(email).catch(() => null);
      if (login) staff.push(login.token);
    }
    let asked: { id: string; list: Record<string, unknown> & { items: Array<{ id: number }> } } | null = null;
    for (const { id } of rows) {
      for (const token of staff) {
        // A reviewer reads only the files of their own stages; the others answer "not found".
        const read = await api.request(`/api/v1/applications/${id}/additional-requirements`, { token });
        if (read.status === 404) continue;
        const list = (await read.json()).data;
        expectExactly(AdditionalListSchema, list);
        if (asked || !list.may_request) continue;
        const created = await api.request(`/api/v1/review/applications/${id}/additional-requirements`, {
          token,
          json: { title: "Surat uji kontrak", description: "Untuk uji kontrak" },
        });
        expect(created.status).toBe(201);
        asked = { id, list: (await created.json()).data };
      }
    }
    expect(asked, "a demo SPE file a demo reviewer may ask about").not.toBeNull();
    expectExactly(AdditionalListSchema, asked!.list);
    const detail = await get(`/review/applications/${asked!.id}`, superAdmin);
    const applicant = (await api.login(detail.applicant.email)).token;
    const fd = new FormData();
    fd.append("file", new Blob([new Uint8Array(await pdf())]), "kontrak.pdf");
    const item = asked!.list.items.at(-1)!;
    const uploaded = await api.request(`/api/v1/applications/${asked!.id}/additional-requirements/${item.id}/file`, { token: applicant, body: fd });
    expect(uploaded.status).toBe(200);
    const answered = (await uploaded.json()).data;
    expect(answered.items.some((i: { file: unknown }) => i.file !== null)).toBe(true);
    expectExactly(AdditionalListSchema, answered);
    expectRenameCaught(
      AdditionalListSchema.shape.items.element.shape.file.unwrap(),
      answered.items.find((i: { file: unknown }) => i.file).file,
      "original_name",
    );
  });
});
