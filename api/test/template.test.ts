import { eq } from "drizzle-orm";
import { afterEach, expect, inject, it } from "vitest";
import { users } from "../db/schema";
import { createTestApi, type TestApi } from "./helpers";

// api/test/template.ts: the api tier migrates and seeds one database per run and each test file copies it. The
// copy shows in when its demo accounts were made: before this test file's process began, by the run's setup.
// The order of two events, not a duration.

const started = new Date(performance.timeOrigin);
const madeAt = async (api: TestApi) => {
  const [admin] = await api.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.email, "superadmin@adaptasi.test"));
  return admin.createdAt;
};

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

it("copies the run's template, made on the database this run tests on", async () => {
  const template = inject("databaseTemplate");
  expect(template?.kind).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  api = await createTestApi();
  expect(await madeAt(api)).toSatisfy((at: Date) => at < started);
  // A copy is the test file's own: what it changes is not in the next copy.
  await api.db.update(users).set({ fullName: "Diubah Uji" }).where(eq(users.email, "superadmin@adaptasi.test"));
  await api.close();
  api = await createTestApi();
  const [admin] = await api.db.select({ fullName: users.fullName }).from(users).where(eq(users.email, "superadmin@adaptasi.test"));
  expect(admin.fullName).toBe("Super Admin");
});

// Each starts a database from empty, which on a loaded machine may take longer than the default limit.
it("migrates and seeds from empty where a test asks: tests of migrating and seeding", { timeout: 120_000 }, async () => {
  api = await createTestApi({}, { fromEmpty: true });
  expect(await madeAt(api)).toSatisfy((at: Date) => at > started);
});

it("migrates and seeds from empty where the template does not fit: no demo data", { timeout: 120_000 }, async () => {
  api = await createTestApi({ seedDemo: false });
  expect(await api.db.select().from(users)).toEqual([]);
});
