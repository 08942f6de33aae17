import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSchedules } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const list = async () => (await (await api.request("/api/v1/test-schedules")).json()).data;

describe("GET /api/v1/test-schedules", () => {
  it("answers the seeded 2027 schedule, earliest first", async () => {
    const res = await api.request("/api/v1/test-schedules");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toHaveLength(4);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      title: "Uji Kompetensi Dokter Umum Lulusan Luar Negeri — Gelombang I",
      location: expect.stringMatching(/^Jakarta/),
      starts_at: "2027-03-15T01:00:00.000Z",
      ends_at: "2027-03-16T09:00:00.000Z",
      registration_deadline: "2027-02-15T16:59:00.000Z",
      notes: expect.any(String),
    });
    const starts = data.map((e: { starts_at: string }) => e.starts_at);
    expect(starts).toEqual([...starts].sort());
    for (const e of data) expect(e.starts_at.startsWith("2027-")).toBe(true);
  });

  it("leaves out inactive entries and orders by start, not by id", async () => {
    const [early] = await api.db
      .insert(testSchedules)
      .values({ title: "Uji Kompetensi Tambahan", location: "Bandung", startsAt: new Date("2027-01-10T02:00:00Z") })
      .returning();
    const [hidden] = await api.db
      .insert(testSchedules)
      .values({ title: "Dibatalkan", location: "Denpasar", startsAt: new Date("2027-02-01T02:00:00Z"), isActive: false })
      .returning();
    const data = await list();
    expect(data[0]).toMatchObject({ id: early.id, ends_at: null, registration_deadline: null, notes: null });
    expect(data.map((e: { id: number }) => e.id)).not.toContain(hidden.id);
    await api.db.delete(testSchedules).where(eq(testSchedules.id, early.id));
  });

  it("is seeded only into an empty table", async () => {
    await api.reseed(false);
    const [{ n }] = await api.db.select({ n: count() }).from(testSchedules);
    expect(n).toBe(5); // four seeded plus the inactive one above
  });
});
