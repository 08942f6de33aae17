import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../test/helpers";
import { documentRequirements, users, userVerifications } from "./schema";
import { DEMO_USERS } from "./seed";
import { verifyPassword } from "../services/passwords";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

describe("seedIfEmpty", () => {
  it("creates the ten demo accounts of DESIGN §7, activated, with the demo password", async () => {
    const rows = await api.db.select().from(users);
    expect(rows).toHaveLength(10);
    expect(rows.map((u) => [u.email, u.roleId]).sort()).toEqual(DEMO_USERS.map((u) => [u.email, u.roleId]).sort());
    for (const u of rows) {
      expect(u.activatedAt).not.toBeNull();
      expect(u.isActive).toBe(true);
      expect(u.isFasyankes).toBe([2, 4, 8].includes(u.roleId));
    }
    expect(rows.find((u) => u.roleId === 1)?.fullName).toBe("Super Admin");
    expect(rows.filter((u) => u.isForeign).map((u) => u.email)).toEqual(["pemohon.wna@adaptasi.test"]);
    expect(rows.filter((u) => u.isHospitalVerified).map((u) => u.email)).toEqual(["fasyankes@adaptasi.test"]);
    expect(rows[0].passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(rows[0].passwordHash, "Adaptasi#2026")).toBe(true);
  });

  it("gives the facility admins an approved and a pending verification", async () => {
    const rows = await api.db
      .select({ email: users.email, isApproved: userVerifications.isApproved, isRejected: userVerifications.isRejected })
      .from(userVerifications)
      .innerJoin(users, eq(users.id, userVerifications.userId));
    expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: "fasyankes.baru@adaptasi.test", isApproved: false, isRejected: false },
      { email: "fasyankes@adaptasi.test", isApproved: true, isRejected: false },
    ]);
  });

  it("gives the demo applicants their identity: a NIK for the citizen, a passport and country for the foreign national", async () => {
    const rows = await api.db.select().from(users).where(eq(users.roleId, 3));
    const byEmail = Object.fromEntries(rows.map((u) => [u.email, u]));
    expect(byEmail["pemohon@adaptasi.test"]).toMatchObject({ isForeign: false, nik: expect.stringMatching(/^\d{16}$/), foreignId: null });
    expect(byEmail["pemohon.wna@adaptasi.test"]).toMatchObject({ isForeign: true, nik: null, foreignId: "P4567890A", nationality: "PH", isKek: false });
  });

  it("stores the 22 document requirements (REG 7, SPE 7, OTH 8)", async () => {
    const rows = await api.db
      .select({ jalur: documentRequirements.jalurId, n: count() })
      .from(documentRequirements)
      .groupBy(documentRequirements.jalurId);
    expect(Object.fromEntries(rows.map((r) => [r.jalur, r.n]))).toEqual({ REG: 7, SPE: 7, OTH: 8 });
  });

  it("is idempotent and repairs edited spec data", async () => {
    await api.db.update(documentRequirements).set({ maxSize: 99 }).where(eq(documentRequirements.id, 3));
    await api.reseed();
    const [{ n }] = await api.db.select({ n: count() }).from(users);
    expect(n).toBe(10);
    const [doc3] = await api.db.select().from(documentRequirements).where(eq(documentRequirements.id, 3));
    expect(doc3.maxSize).toBe(5);
    expect(doc3.updatedAt).not.toBeNull();
    const [doc1] = await api.db.select().from(documentRequirements).where(eq(documentRequirements.id, 1));
    expect(doc1.updatedAt).toBeNull();
  });
});
