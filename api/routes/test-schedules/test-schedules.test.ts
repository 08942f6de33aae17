import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, testSchedules } from "../../db/schema";
import { answered, createTestApi, expectError, type TestApi, typedRequest, typedRequestAs } from "../../test/helpers";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const list = async () => answered(await api.client().call("GET", "/test-schedules")).data;

describe("GET /api/v1/test-schedules", () => {
  it("answers the seeded 2027 schedule, earliest first", async () => {
    const res = await typedRequest(api, "GET", "/test-schedules");
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

describe("/admin/test-schedules (the Admin, /master-cms)", () => {
  const entry = {
    title: "Uji Kompetensi Perawat — Gelombang Khusus",
    location: "Surabaya, RSUD Dr. Soetomo",
    starts_at: "2027-06-01T08:00",
    ends_at: "2027-06-01T16:00",
    registration_deadline: "2027-05-15T23:59",
    notes: "",
  };
  const asAdmin = typedRequestAs(
    () => api,
    async () => (await api.login("admin@adaptasi.test")).token,
  );
  const audit = (id: number) =>
    api.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, "cms"), eq(adminAuditLog.targetId, `test_schedule:${id}`)))
      .orderBy(desc(adminAuditLog.id));

  it("creates an entry (times without a zone are WIB), edits and deactivates it, each logged", async () => {
    const res = await asAdmin("POST", "/admin/test-schedules", { body: entry });
    expect(res.status, await res.clone().text()).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({
      starts_at: "2027-06-01T01:00:00.000Z",
      ends_at: "2027-06-01T09:00:00.000Z",
      registration_deadline: "2027-05-15T16:59:00.000Z",
      notes: null,
      is_active: true,
    });
    expect((await list()).map((e: { id: number }) => e.id)).toContain(data.id);

    const edited = await asAdmin("PUT", `/admin/test-schedules/${data.id}`, {
      body: { ...entry, location: "Surabaya", starts_at: "2027-06-02T01:00:00Z", ends_at: "" },
    });
    expect((await edited.json()).data).toMatchObject({ location: "Surabaya", starts_at: "2027-06-02T01:00:00.000Z", ends_at: null });
    expect((await asAdmin("POST", `/admin/test-schedules/${data.id}/deactivate`)).status).toBe(200);
    expect((await list()).map((e: { id: number }) => e.id)).not.toContain(data.id);
    expect((await (await asAdmin("GET", `/admin/test-schedules/${data.id}`)).json()).data.is_active).toBe(false);

    const log = await audit(data.id);
    expect(log.map((r) => (r.details as { change: string }).change)).toEqual(["deactivate", "update", "create"]);
    expect(log[1].details).toMatchObject({
      from: { location: entry.location, ends_at: "2027-06-01T09:00:00.000Z" },
      to: { location: "Surabaya", ends_at: null },
    });
  });

  it("answers 400 with the spec's messages: required fields, bad times, end before start, deadline after start", async () => {
    const empty = await expectError(
      await asAdmin("POST", "/admin/test-schedules", { body: { title: "", location: "", starts_at: "" } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(empty.error.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: "title", message: "Judul harus diisi" }),
        expect.objectContaining({ path: "location", message: "Lokasi harus diisi" }),
        expect.objectContaining({ path: "starts_at", message: "Waktu Mulai harus diisi" }),
      ]),
    );
    const format = await expectError(await asAdmin("POST", "/admin/test-schedules", { body: { ...entry, starts_at: "besok pagi" } }), 400, "VALIDATION_ERROR");
    expect(format.error.details).toContainEqual(expect.objectContaining({ path: "starts_at", message: "Format salah" }));
    const order = await expectError(
      await asAdmin("POST", "/admin/test-schedules", { body: { ...entry, ends_at: "2027-05-31T08:00", registration_deadline: "2027-06-01T09:00" } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(order.error.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: "ends_at", message: "Waktu Selesai tidak boleh kurang dari Waktu Mulai" }),
        expect.objectContaining({ path: "registration_deadline", message: "Batas Pendaftaran tidak boleh lebih dari Waktu Mulai" }),
      ]),
    );
    await expectError(await asAdmin("GET", "/admin/test-schedules/999999"), 404, "NOT_FOUND");
  });

  it("is the Admin's only", async () => {
    const { token } = await api.login("superadmin@adaptasi.test");
    await expectError(await typedRequest(api, "POST", "/admin/test-schedules", { body: entry, token }), 403, "ADMIN_ROLE_REQUIRED");
  });
});
