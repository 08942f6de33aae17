import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, users } from "../../db/schema";
import { answered, createTestApi, expectError, type TestApi, typedRequest } from "../../test/helpers";

// /admin/retention (the Super Admin's list of what the retention job will delete) and DELETE /me/account.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

describe("GET /admin/retention", () => {
  it("lists the planned deletions with the settings, for the Super Admin only", async () => {
    const user = await api.createUser({ email: `rencana.${Date.now()}@contoh.id` });
    await api.db.insert(applications).values({ applicantUserId: user.id, submittedByUserId: user.id, jalurId: "REG", applicantName: "Pemohon Rencana" });
    const { token } = await api.login("superadmin@adaptasi.test");
    const res = await typedRequest(api, "GET", "/admin/retention", { query: { page: 1 }, token });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.settings).toEqual({ draft_months: 12, account_months: 24, closed_file_months: 0, notice_days: 30 });
    expect(body.meta).toMatchObject({ page: 1, per_page: 25 });
    expect(body.meta.total).toBeGreaterThan(0);
    const all = [];
    for (let page = 1; page <= body.meta.pages; page++)
      all.push(...answered(await api.client().call("GET", "/admin/retention", { query: { page }, token })).data);
    expect(all.find((r: { label: string }) => r.label.endsWith("Pemohon Rencana"))).toMatchObject({ kind: "DRAFT", notice_at: null });
    // Soonest first.
    const dates = all.map((r: { delete_at: string }) => r.delete_at);
    expect([...dates].sort()).toEqual(dates);
  });

  it("refuses other roles and bad pages", async () => {
    const { token: admin } = await api.login("admin@adaptasi.test");
    await expectError(await typedRequest(api, "GET", "/admin/retention", { token: admin }), 403, "ADMIN_ROLE_REQUIRED");
    const { token } = await api.login("superadmin@adaptasi.test");
    // Raw: pages the route's query refuses, one of them an escaped NUL.
    for (const page of ["x", "-1", "1e3", "9999999", "1%00"])
      await expectError(await api.request(`/api/v1/admin/retention?page=${page}`, { token }), 400, "VALIDATION_ERROR");
    // Far past the end: an empty page, with the total.
    const far = answered(await api.client().call("GET", "/admin/retention", { query: { page: 999999 }, token }));
    expect(far.data).toEqual([]);
    expect(far.meta.total).toBeGreaterThan(0);
  });
});

describe("DELETE /me/account", () => {
  it("deletes an applicant who never submitted, and ends their sessions", async () => {
    const email = `hapus.${Date.now()}@contoh.id`;
    const user = await api.createUser({ email });
    await api.db.insert(applications).values({ applicantUserId: user.id, submittedByUserId: user.id, jalurId: "REG" });
    const { token } = await api.login(email);
    const res = await typedRequest(api, "DELETE", "/me/account", { token });
    expect(res.status).toBe(200);
    expect(await api.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    await expectError(await typedRequest(api, "GET", "/admin/get-me", { token }), 401, "INVALID_TOKEN");
    await expectError(await typedRequest(api, "POST", "/login", { body: { email, password: "Adaptasi#2026" } }), 401, "INVALID_CREDENTIALS");
  });

  it("refuses an applicant with a submitted application, and staff", async () => {
    const file = await api.submittedFile({ status: "IN-PROGRESS" });
    const { token } = await api.login(file.email);
    await expectError(await typedRequest(api, "DELETE", "/me/account", { token }), 409, "ACCOUNT_HAS_SUBMITTED");
    expect(await api.db.select({ id: users.id }).from(users).where(eq(users.id, file.applicantUserId))).toHaveLength(1);
    const { token: staff } = await api.login("superadmin@adaptasi.test");
    await expectError(await typedRequest(api, "DELETE", "/me/account", { token: staff }), 404, "NOT_FOUND");
    await expectError(await typedRequest(api, "DELETE", "/me/account"), 401, "INVALID_TOKEN");
  });
});
