import type { z } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIfEmpty } from "../api/db/seed";
import { createDiskStorage } from "../api/services/storage";
import { createTestApi, type TestApi } from "../api/test/helpers";
import { FacilityAdminDetailSchema, FacilityAdminSchema } from "./admin";
import { ApplicationSchema } from "./applications";
import { DashboardSchema, MyFacilitySchema } from "./facility";
import { ProfileSchema } from "./profile";
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
