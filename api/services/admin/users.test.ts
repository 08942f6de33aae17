import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, adminAuditLog, users } from "../../db/schema";
import { createTestApi, type TestApi, typedRequest } from "../../test/helpers";
import { tokenFrom } from "../../test/mail";
import { createConsoleSuperAdmin } from "./users";

// npm run admin:create (scripts/admin-create.ts) on a production database, which has no account.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seedDemo: false });
});
afterAll(() => api?.close());

describe("createConsoleSuperAdmin", () => {
  it("makes an active Super Admin with no password, mails the /forgot-password link (1 hour), and audits it", async () => {
    const result = await createConsoleSuperAdmin(api.db, api.mailer, { email: " Ketua@Kemkes.GO.ID ", fullName: "dr. Ketua Komite", osUser: "operator" });
    expect(result).toEqual({ created: true, id: expect.any(String), email: "ketua@kemkes.go.id" });
    const [user] = await api.db.select().from(users).where(eq(users.email, "ketua@kemkes.go.id"));
    expect(user).toMatchObject({ roleId: 1, isActive: true, fullName: "dr. Ketua Komite", isFasyankes: false });
    expect(user.activatedAt).not.toBeNull();
    // No password works until the owner sets one.
    expect((await typedRequest(api, "POST", "/login", { body: { email: user.email, password: "" } })).status).not.toBe(200);

    const [token] = await api.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), isNull(accountTokens.usedAt)));
    expect(token.purpose).toBe("password_reset");
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBe(3600_000);

    const [mail] = await api.mails(user.email);
    const link = tokenFrom(mail, "/forgot-password");
    const reset = await typedRequest(api, "POST", "/password/reset", {
      body: { token: link, password: "SandiKetua2026", password_confirmation: "SandiKetua2026" },
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await typedRequest(api, "POST", "/login", { body: { email: user.email, password: "SandiKetua2026" } })).status).toBe(200);

    const audit = await api.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, user.id));
    expect(audit).toEqual([
      expect.objectContaining({
        actorUserId: null,
        actorRole: 1,
        action: "USER_CREATE",
        targetType: "user",
        reason: "Dibuat dari konsol server: npm run admin:create",
        details: { email: "ketua@kemkes.go.id", full_name: "dr. Ketua Komite", role_id: 1, via: "admin:create", os_user: "operator" },
      }),
    ]);
  });

  it("refuses a second Super Admin unless asked for another, and a taken or bad address", async () => {
    const count = async () => (await api.db.select().from(users)).length;
    const before = await count();
    expect(await createConsoleSuperAdmin(api.db, api.mailer, { email: "kedua@kemkes.go.id", fullName: "Admin Kedua" })).toEqual({
      created: false,
      reason: "SUPER_ADMIN_EXISTS",
    });
    expect(await createConsoleSuperAdmin(api.db, api.mailer, { email: "ketua@kemkes.go.id", fullName: "Lagi", another: true })).toEqual({
      created: false,
      reason: "EMAIL_TAKEN",
    });
    const bad = await createConsoleSuperAdmin(api.db, api.mailer, { email: "bukan-surel", fullName: "X" });
    expect(bad).toMatchObject({
      created: false,
      reason: "INVALID",
      problems: expect.arrayContaining([expect.objectContaining({ field: "email" }), expect.objectContaining({ field: "name" })]),
    });
    expect(await count()).toBe(before);
    expect((await api.mails()).filter((m) => m.to === "kedua@kemkes.go.id")).toEqual([]);

    expect(await createConsoleSuperAdmin(api.db, api.mailer, { email: "kedua@kemkes.go.id", fullName: "Admin Kedua", another: true })).toMatchObject({
      created: true,
    });
    expect(await count()).toBe(before + 1);
  });
});
