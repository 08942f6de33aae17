import type { z } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIfEmpty } from "../api/db/seed";
import { createDiskStorage } from "../api/services/storage";
import { createTestApi, type TestApi } from "../api/test/helpers";
import { EntrySchema, FacilityAdminDetailSchema, FacilityAdminSchema, PageMetaSchema, SlaStageSchema, StaffDetailSchema, StaffSchema } from "./admin";
import { AchievementsSchema, ApplicationSchema, PortfolioSchema } from "./applications";
import { DashboardSchema, MyFacilitySchema } from "./facility";
import { ProfileSchema } from "./profile";
import { RegistrationRowSchema, RegistrationSchema } from "./registrations";
import { ListSchema, ReviewDetailSchema } from "./review";

// The API's answers against the contracts the portal is typed with, on the demo data: a field the
// API adds, drops, renames or retypes fails here, not in a page at run time.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  // The demo applications too (they need a file store): every row of the status-label table.
  await seedIfEmpty(api.db, { demo: true, storage: createDiskStorage(api.filesDir) });
}, 60_000);
afterAll(() => api?.close());

/** Parsing keeps only the contract's fields and checks their types: equal means nothing more, nothing less. */
function expectExactly(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? [], JSON.stringify(value).slice(0, 300)).toEqual([]);
  expect(parsed.data).toEqual(value);
}

async function get(path: string, token: string) {
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
  it("RegistrationRow, PageMeta and Registration: the verified demo facility's list and each registration", async () => {
    const { token } = await api.login("fasyankes@adaptasi.test");
    const res = await api.request("/api/v1/registrations", { token });
    const page = (await res.json()) as { data: Array<{ id: string }>; meta: unknown };
    expect(page.data.length).toBeGreaterThan(0);
    expectExactly(PageMetaSchema, page.meta);
    for (const row of page.data) {
      expectExactly(RegistrationRowSchema, row);
      expectExactly(RegistrationSchema, await get(`/registrations/${row.id}`, token));
    }
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
