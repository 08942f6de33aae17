import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, applicantProfiles, users } from "../../db/schema";
import { createTestApi, expectError, type TestApi, typedRequest } from "../../test/helpers";

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const who of ["superadmin", "admin", "kolegium", "pemohon"]) tokens[who] = (await api.login(`${who}@adaptasi.test`)).token;
});
afterAll(() => api?.close());

const LISTS = [
  {
    kind: "specialization",
    path: "specializations",
    owner: "superadmin",
    other: "admin",
    body: { name: "Ilmu Kedokteran Olahraga" },
    publicList: "/api/v1/specializations",
    profileColumn: "specializationId",
  },
  {
    kind: "institution",
    path: "institutions",
    owner: "superadmin",
    other: "admin",
    body: { name: "Universitas Al-Azhar Kairo — Fakultas Kedokteran Gigi", country: "EG" },
    publicList: "/api/v1/institutions?q=Gigi",
    profileColumn: "institutionId",
  },
  {
    kind: "position",
    path: "positions",
    owner: "admin",
    other: "superadmin",
    body: { name: "Koordinator Verifikasi" },
    publicList: undefined,
    profileColumn: undefined,
  },
] as const;

describe.each(LISTS)("/admin/$path", ({ kind, path, owner, other, body, publicList, profileColumn }) => {
  // Raw: one test over three lists, whose route comes from the table (their handlers are shared).
  const call = (sub: string, opts: { method?: string; json?: unknown; who?: string } = {}) =>
    api.request(`/api/v1/admin/${path}${sub}`, { method: opts.method, json: opts.json, token: tokens[opts.who ?? owner] });

  it("is refused to other roles with 403", async () => {
    for (const who of [other, "kolegium", "pemohon"]) {
      await expectError(await call("", { who }), 403, "ADMIN_ROLE_REQUIRED");
      await expectError(await call("", { who, json: body }), 403, "ADMIN_ROLE_REQUIRED");
      await expectError(await call("/1", { who, method: "DELETE" }), 403, "ADMIN_ROLE_REQUIRED");
    }
  });

  it("creates, searches, edits, deactivates, reactivates and deletes an unused entry, logging each", async () => {
    const created = await call("", { json: body });
    expect(created.status, await created.clone().text()).toBe(201);
    const entry = (await created.json()).data;
    expect(entry).toMatchObject({ ...body, is_active: true, in_use: false });

    const found = await (await call(`?q=${encodeURIComponent(body.name.slice(0, 12).toUpperCase())}`)).json();
    expect(found.data.map((e: { id: number }) => e.id)).toContain(entry.id);
    expect(found.meta).toMatchObject({ page: 1, per_page: 25 });

    const renamed = await call(`/${entry.id}`, { method: "PUT", json: { ...body, name: `${body.name}  Baru` } });
    expect((await renamed.json()).data.name).toBe(`${body.name} Baru`);
    if (publicList) {
      // Raw: the list's public route comes from the table.
      const before = (await (await api.request(publicList)).json()).data;
      expect(before.map((e: { id: number }) => e.id)).toContain(entry.id);
    }
    const off = await call(`/${entry.id}/deactivate`, { method: "POST" });
    expect((await off.json()).data.is_active).toBe(false);
    if (publicList) {
      // Raw: the list's public route comes from the table.
      const after = (await (await api.request(publicList)).json()).data;
      expect(after.map((e: { id: number }) => e.id)).not.toContain(entry.id);
    }
    expect((await (await call("?status=inactive")).json()).data.map((e: { id: number }) => e.id)).toContain(entry.id);
    expect((await (await call(`/${entry.id}/activate`, { method: "POST" })).json()).data.is_active).toBe(true);

    const removed = await call(`/${entry.id}`, { method: "DELETE" });
    expect((await removed.json()).data).toEqual({ id: entry.id, deleted: true });
    await expectError(await call(`/${entry.id}`), 404, "NOT_FOUND");

    const actions = (
      await api.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetId, String(entry.id)))
    )
      .filter((r) => r.targetType === kind)
      .map((r) => r.action);
    expect(actions).toEqual(["ENTRY_CREATE", "ENTRY_UPDATE", "ENTRY_DEACTIVATE", "ENTRY_ACTIVATE", "ENTRY_DELETE"]);
  });

  it("never deletes an entry in use: 409 ENTRY_IN_USE, it can only be deactivated", async () => {
    const entry = (await (await call("", { json: { ...body, name: `${body.name} Terpakai` } })).json()).data;
    if (profileColumn) {
      const [pemohon] = await api.db.select().from(users).where(eq(users.email, "pemohon@adaptasi.test"));
      await api.db
        .update(applicantProfiles)
        .set({ [profileColumn]: entry.id })
        .where(eq(applicantProfiles.userId, pemohon.id));
    } else {
      const [kki] = await api.db.select().from(users).where(eq(users.email, "kki@adaptasi.test"));
      const res = await typedRequest(api, "PUT", `/admin/users/${kki.id}`, {
        body: { full_name: kki.fullName, role_id: 7, position_id: entry.id },
        token: tokens.superadmin,
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect((await (await call(`/${entry.id}`)).json()).data.in_use).toBe(true);
    await expectError(await call(`/${entry.id}`, { method: "DELETE" }), 409, "ENTRY_IN_USE");
    expect((await (await call(`/${entry.id}/deactivate`, { method: "POST" })).json()).data).toMatchObject({ is_active: false, in_use: true });
  });

  it("answers 409 NAME_TAKEN for a duplicate name in any case", async () => {
    const first = await call("", { json: { ...body, name: `${body.name} Ganda` } });
    expect(first.status).toBe(201);
    const body409 = await expectError(await call("", { json: { ...body, name: `${body.name} GANDA`.toLowerCase() } }), 409, "NAME_TAKEN");
    expect(body409.error.details).toMatchObject([{ path: "name", message: "Nama tersebut sudah ada dalam daftar." }]);
  });

  it("answers 400 with details for bad input, 404 for unknown ids, 400 for malformed JSON", async () => {
    const bad = await expectError(await call("", { json: { name: "" } }), 400, "VALIDATION_ERROR");
    expect(bad.error.details).toMatchObject(expect.arrayContaining([expect.objectContaining({ path: "name", message: "Nama harus diisi" })]));
    await expectError(await call("", { json: { name: "x".repeat(300), country: "ZZ" } }), 400, "VALIDATION_ERROR");
    await expectError(await call("?page=abc"), 400, "VALIDATION_ERROR");
    for (const id of ["999999", "abc", "99999999999"]) {
      await expectError(await call(`/${id}`), 404, "NOT_FOUND");
      await expectError(await call(`/${id}`, { method: "PUT", json: body }), 404, "NOT_FOUND");
      await expectError(await call(`/${id}`, { method: "DELETE" }), 404, "NOT_FOUND");
    }
    // Raw: malformed JSON, which the typed client cannot send.
    const malformed = await api.request(`/api/v1/admin/${path}`, { body: "{x", headers: { "content-type": "application/json" }, token: tokens[owner] });
    await expectError(malformed, 400, "MALFORMED_BODY");
  });
});

describe("GET /admin/position-options", () => {
  it("answers active positions to both admins, 403 to others", async () => {
    for (const who of ["superadmin", "admin"]) {
      const res = await typedRequest(api, "GET", "/admin/position-options", { token: tokens[who] });
      const names = (await res.json()).data.map((p: { name: string }) => p.name);
      expect(names).toEqual(expect.arrayContaining(["Ketua Kolegium", "Anggota Sub-Komite", "Staf Administrasi", "Verifikator"]));
    }
    await expectError(await typedRequest(api, "GET", "/admin/position-options", { token: tokens.kolegium }), 403, "ADMIN_ROLE_REQUIRED");
  });
});
