import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, positions, refreshTokens, users } from "../../db/schema";
import { tokenFrom } from "../../test/mail";
import { createTestApi, expectError, type TestApi, typedRequest, typedRequestAs } from "../../test/helpers";

let api: TestApi;
let superToken: string;
let positionId: number;
let seq = 0;
const email = () => `staf.${Date.now()}.${(seq += 1)}@kemkes.test`;

beforeAll(async () => {
  api = await createTestApi();
  superToken = (await api.login("superadmin@adaptasi.test")).token;
  [{ id: positionId }] = await api.db.select({ id: positions.id }).from(positions).where(eq(positions.name, "Ketua Kolegium"));
});
afterAll(() => api?.close());

const asSuper = typedRequestAs(
  () => api,
  () => superToken,
);
const newStaff = (overrides: Record<string, unknown> = {}) => ({
  full_name: "dr. Rahmat Hidayat, Sp.OG",
  email: email(),
  role_id: 6,
  position_id: positionId,
  ...overrides,
});

async function createStaff(overrides: Record<string, unknown> = {}) {
  const res = await asSuper("POST", "/admin/users", { body: newStaff(overrides) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).data as {
    id: string;
    email: string;
    full_name: string;
    role_id: number;
    is_active: boolean;
    position: { id: number; name: string } | null;
  };
}

describe("roles", () => {
  it.each(["admin@adaptasi.test", "kolegium@adaptasi.test", "pemohon@adaptasi.test", "fasyankes@adaptasi.test"])("refuses %s with 403", async (who) => {
    const { token } = await api.login(who);
    for (const [path, method, json] of [
      ["/users", "GET", undefined],
      ["/users", "POST", newStaff()],
      ["/users/00000000-0000-0000-0000-000000000000/deactivate", "POST", { reason: "Tidak lagi bertugas" }],
    ] as const) {
      // Raw: a table of routes of several methods and bodies.
      await expectError(await api.request(`/api/v1/admin${path}`, { method, json, token }), 403, "ADMIN_ROLE_REQUIRED");
    }
  });

  it("refuses callers without a session with 401", async () => {
    await expectError(await typedRequest(api, "GET", "/admin/users"), 401, "INVALID_TOKEN");
  });
});

describe("GET /admin/users", () => {
  it("lists staff only, 25 a page, with search and filters", async () => {
    const res = await asSuper("GET", "/admin/users");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 25 });
    const roles = new Set(body.data.map((u: { role_id: number }) => u.role_id));
    expect([...roles].every((r) => [1, 2, 4, 5, 6, 7].includes(r as number))).toBe(true);
    expect(body.data.find((u: { email: string }) => u.email === "kolegium@adaptasi.test")).toMatchObject({
      role_id: 6,
      position: { name: "Ketua Kolegium" },
      is_active: true,
    });

    const search = await (await asSuper("GET", "/admin/users", { query: { q: "HENDRA" } })).json();
    expect(search.data.map((u: { email: string }) => u.email)).toEqual(["kolegium@adaptasi.test"]);
    const byRole = await (await asSuper("GET", "/admin/users", { query: { role: "7" } })).json();
    expect(byRole.data.every((u: { role_id: number }) => u.role_id === 7)).toBe(true);
    const inactive = await (await asSuper("GET", "/admin/users", { query: { status: "inactive", q: "pemohon" } })).json();
    expect(inactive.data).toEqual([]);
  });

  it("pages through more than 25", async () => {
    for (let i = 0; i < 26; i++) await api.createUser({ email: `halaman.${i}.${email()}`, roleId: 5 });
    const second = await (await asSuper("GET", "/admin/users", { query: { role: "5", page: "2" } })).json();
    expect(second.meta.pages).toBeGreaterThanOrEqual(2);
    expect(second.data.length).toBeGreaterThan(0);
  });

  it("answers 400 for bad filters", async () => {
    for (const q of ["role=3", "role=abc", "page=-1", "status=maybe", `q=${"x".repeat(101)}`]) {
      // Raw: filters the route's query type refuses.
      const body = await expectError(await api.request(`/api/v1/admin/users?${q}`, { token: superToken }), 400, "VALIDATION_ERROR");
      expect(body.error.details?.length).toBeGreaterThan(0);
    }
  });
});

describe("POST /admin/users", () => {
  it("creates an activated account without a usable password, mails a set-password link, and logs it", async () => {
    const staff = await createStaff();
    expect(staff).toMatchObject({ role_id: 6, is_active: true, position: { id: positionId, name: "Ketua Kolegium" } });
    const [row] = await api.db.select().from(users).where(eq(users.id, staff.id));
    expect(row.activatedAt).not.toBeNull();
    expect(row.isFasyankes).toBe(false);

    const [mail] = await api.mails(staff.email);
    const token = tokenFrom(mail, "/forgot-password");
    const reset = await typedRequest(api, "POST", "/password/reset", { body: { token, password: "SandiBaru2026", password_confirmation: "SandiBaru2026" } });
    expect(reset.status, await reset.clone().text()).toBe(200);
    const login = await typedRequest(api, "POST", "/login", { body: { email: staff.email, password: "SandiBaru2026" } });
    expect(login.status).toBe(200);

    const detail = await (await asSuper("GET", `/admin/users/${staff.id}`)).json();
    expect(detail.data.audit).toEqual([expect.objectContaining({ action: "USER_CREATE", actor_name: "Super Admin", actor_role: 1 })]);
  });

  it("marks roles 2 and 4 as facility-side (is_fasyankes), as the demo accounts are", async () => {
    const staff = await createStaff({ role_id: 4 });
    const [row] = await api.db.select().from(users).where(eq(users.id, staff.id));
    expect(row.isFasyankes).toBe(true);
  });

  it("answers 409 EMAIL_TAKEN for an address in use, whatever its case", async () => {
    const body = await expectError(await asSuper("POST", "/admin/users", { body: newStaff({ email: "KKI@adaptasi.test" }) }), 409, "EMAIL_TAKEN");
    expect(body.error.message).toBe("Alamat surel sudah terdaftar.");
  });

  it("answers 400 with details for bad input", async () => {
    const body = await expectError(
      // Raw: a text position, which the route's type refuses.
      await api.request("/api/v1/admin/users", {
        json: { full_name: "", email: "bukan-surel", role_id: 3, position_id: "x", phone: "12ab" },
        token: superToken,
      }),
      400,
      "VALIDATION_ERROR",
    );
    const paths = [...new Set(body.error.details!.map((d) => d.path))].sort();
    expect(paths).toEqual(["email", "full_name", "phone", "position_id", "role_id"]);
    expect(body.error.details!.find((d) => d.path === "full_name")?.message).toBe("Nama Lengkap harus diisi");
    expect(body.error.details!.find((d) => d.path === "role_id")?.message).toBe("Peran harus berupa nilai yang diizinkan");
  });

  it("refuses an unknown or inactive position on the field", async () => {
    const body = await expectError(await asSuper("POST", "/admin/users", { body: newStaff({ position_id: 999999 }) }), 400, "VALIDATION_ERROR");
    expect(body.error.details).toMatchObject([{ path: "position_id", message: "Jabatan harus berupa nilai yang diizinkan" }]);
  });

  it("answers 400 for malformed JSON and for a body that is not an object", async () => {
    // Raw: malformed JSON and a JSON array, which the typed client cannot send.
    const malformed = await api.request("/api/v1/admin/users", { body: "{nope", headers: { "content-type": "application/json" }, token: superToken });
    await expectError(malformed, 400, "MALFORMED_BODY");
    await expectError(await api.request("/api/v1/admin/users", { json: [1, 2], token: superToken }), 400, "VALIDATION_ERROR");
  });
});

describe("PUT /admin/users/:id", () => {
  it("changes name, role and position and logs old → new", async () => {
    const staff = await createStaff();
    const [{ id: other }] = await api.db.select({ id: positions.id }).from(positions).where(eq(positions.name, "Verifikator"));
    const res = await asSuper("PUT", `/admin/users/${staff.id}`, { body: { full_name: "dr. Rahmat H.", role_id: 2, position_id: other } });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ full_name: "dr. Rahmat H.", role_id: 2, position: { name: "Verifikator" } });
    expect(data.audit[0]).toMatchObject({
      action: "USER_UPDATE",
      details: { role_id: { from: 6, to: 2 }, full_name: { from: staff.full_name, to: "dr. Rahmat H." } },
    });
  });

  it("answers 404 for unknown ids and for accounts that are not staff", async () => {
    const applicant = await api.createUser({ email: email(), roleId: 3 });
    for (const id of ["00000000-0000-0000-0000-000000000000", "nope", applicant.id]) {
      await expectError(await asSuper("PUT", `/admin/users/${id}`, { body: { full_name: "Nama", role_id: 2, position_id: positionId } }), 404, "NOT_FOUND");
      await expectError(await asSuper("GET", `/admin/users/${id}`), 404, "NOT_FOUND");
    }
  });

  it("does not let the Super Admin change their own role", async () => {
    const [me] = await api.db.select().from(users).where(eq(users.email, "superadmin@adaptasi.test"));
    await expectError(
      await asSuper("PUT", `/admin/users/${me.id}`, { body: { full_name: "Super Admin", role_id: 2, position_id: positionId } }),
      409,
      "CANNOT_CHANGE_SELF",
    );
  });
});

describe("deactivate and reactivate", () => {
  it("ends every session at once, refuses login with ACCOUNT_INACTIVE, and comes back on reactivation", async () => {
    const staff = await createStaff();
    const [row] = await api.db.select().from(users).where(eq(users.id, staff.id));
    await api.db
      .update(users)
      .set({ passwordHash: (await api.db.select().from(users).where(eq(users.email, "kki@adaptasi.test")))[0].passwordHash })
      .where(eq(users.id, row.id));
    const one = await api.login(staff.email);
    const two = await api.login(staff.email);

    // Raw: the body lacks the reason, which the route's type requires.
    await expectError(await api.request(`/api/v1/admin/users/${staff.id}/deactivate`, { json: {}, token: superToken }), 400, "VALIDATION_ERROR");
    await expectError(await asSuper("POST", `/admin/users/${staff.id}/deactivate`, { body: { reason: "abc" } }), 400, "VALIDATION_ERROR");
    const res = await asSuper("POST", `/admin/users/${staff.id}/deactivate`, { body: { reason: "Masa tugas berakhir" } });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.is_active).toBe(false);
    expect(data.audit[0]).toMatchObject({ action: "USER_DEACTIVATE", reason: "Masa tugas berakhir", details: { sessions_revoked: 2 } });

    const live = await api.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, staff.id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    await expectError(await typedRequest(api, "GET", "/admin/get-me", { token: one.token }), 401, "INVALID_TOKEN");
    await expectError(await typedRequest(api, "POST", "/refresh", { body: { refresh_token: two.refreshToken } }), 401, "REFRESH_TOKEN_REUSED");
    await expectError(await typedRequest(api, "POST", "/login", { body: { email: staff.email, password: "Adaptasi#2026" } }), 403, "ACCOUNT_INACTIVE");
    await expectError(await asSuper("POST", `/admin/users/${staff.id}/deactivate`, { body: { reason: "Sekali lagi" } }), 409, "USER_ALREADY_INACTIVE");
    await expectError(await asSuper("POST", `/admin/users/${staff.id}/password-reset`), 409, "USER_INACTIVE");

    const back = await asSuper("POST", `/admin/users/${staff.id}/reactivate`, { body: { reason: "Ditugaskan kembali" } });
    expect((await back.json()).data.is_active).toBe(true);
    expect((await typedRequest(api, "POST", "/login", { body: { email: staff.email, password: "Adaptasi#2026" } })).status).toBe(200);
    await expectError(await asSuper("POST", `/admin/users/${staff.id}/reactivate`, { body: { reason: "Sekali lagi" } }), 409, "USER_ALREADY_ACTIVE");
  });

  it("does not let the Super Admin deactivate their own account", async () => {
    const [me] = await api.db.select().from(users).where(eq(users.email, "superadmin@adaptasi.test"));
    await expectError(await asSuper("POST", `/admin/users/${me.id}/deactivate`, { body: { reason: "Uji coba saja" } }), 409, "CANNOT_CHANGE_SELF");
  });
});

describe("POST /admin/users/:id/password-reset", () => {
  it("mails a reset link and logs it", async () => {
    const staff = await createStaff();
    const res = await asSuper("POST", `/admin/users/${staff.id}/password-reset`);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ sent: true, email: staff.email });
    expect(await api.mails(staff.email)).toHaveLength(2);
    const logged = await api.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, staff.id), eq(adminAuditLog.action, "USER_PASSWORD_RESET")));
    expect(logged).toHaveLength(1);
  });

  it("answers 404 for an unknown account", async () => {
    await expectError(await asSuper("POST", "/admin/users/00000000-0000-0000-0000-000000000000/password-reset"), 404, "NOT_FOUND");
  });
});

describe("OpenAPI", () => {
  it("describes the admin endpoints", async () => {
    // Raw: the OpenAPI document is served beside the typed routes, not one of them.
    const doc = await (await api.request("/api/v1/openapi.json", { apiKey: false })).json();
    for (const path of [
      "/api/v1/admin/users",
      "/api/v1/admin/users/{id}/deactivate",
      "/api/v1/admin/sla",
      "/api/v1/admin/specializations/{id}",
      "/api/v1/admin/positions",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
