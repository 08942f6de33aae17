import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf } from "../../../tests/fixtures/files";
import { accessLog, accessLogExports, applications, users } from "../../db/schema";
import { answered, createTestApi, expectError, multipart, refused, type TestApi } from "../../test/helpers";
import { applicantWithProfile, everyDocument } from "../../test/journeys";

// The access log of docs/decisions/026-access-log.md, through the HTTP API.

let api: TestApi;
let pdfBytes: Buffer;
const staff = {} as Record<"superadmin" | "admin" | "subkomite" | "fasyankes", string>;

beforeAll(async () => {
  api = await createTestApi();
  pdfBytes = await pdf();
  for (const who of ["superadmin", "admin", "subkomite", "fasyankes"] as const) staff[who] = (await api.login(`${who}@adaptasi.test`)).token;
});
afterAll(() => api?.close());

async function submitted() {
  const who = await applicantWithProfile(api, undefined, { emailPrefix: "akses" });
  const draft = await api.client().call("POST", "/applications", { token: who.token, body: { jalur_id: "REG" } });
  const { id } = answered(draft).data;
  expect((await api.client().upload(`/applications/${id}/documents`, ...multipart(everyDocument("REG", pdfBytes)), { token: who.token })).status).toBe(200);
  expect((await api.client().call("POST", `/applications/${id}/submit`, { token: who.token, body: {} })).status).toBe(200);
  return { ...who, id };
}

const own = async (token: string) => answered(await api.client().call("GET", "/me/access-log", { token }), 200);

describe("access log", () => {
  it("records a reviewer's detail and document reads for the applicant, not the applicant's own", async () => {
    const app = await submitted();
    const other = await submitted();
    // The applicant's own reads are not recorded.
    const mine = await api.client().call("GET", `/applications/${app.id}`, { token: app.token });
    expect(mine.status).toBeLessThan(500);
    const detail = answered(await api.client().call("GET", `/review/applications/${app.id}`, { token: staff.subkomite })).data;
    const fileId = detail.documents[1].versions[0].file_id;
    expect((await api.client().fetchRaw("GET", `/files/${fileId}`, { token: app.token }))!.status).toBe(200);
    expect((await api.client().fetchRaw("GET", `/files/${fileId}`, { token: staff.subkomite, query: { inline: "1" } }))!.status).toBe(200);

    const log = await own(app.token);
    expect(log.meta.total).toBe(2);
    expect(log.data).toMatchObject([
      {
        kind: "DOCUMENT",
        actor_role: 4,
        actor_name: expect.any(String),
        document_name: expect.any(String),
        version: 1,
        stage_id: 1,
        registration_number: expect.stringMatching(/^ADP-/),
      },
      { kind: "DETAIL", actor_role: 4, stage_id: 1 },
    ]);
    expect(new Date(String(log.data[0].created_at)).getTime()).toBeGreaterThanOrEqual(new Date(String(log.data[1].created_at)).getTime());
    // Another applicant sees only their own (nothing yet).
    expect((await own(other.token)).meta.total).toBe(0);
  });

  it("counts an export once, with its filter", async () => {
    const before = (await api.db.select().from(accessLog).where(eq(accessLog.kind, "EXPORT"))).length;
    const res = (await api.client().fetchRaw("GET", "/review/applications.csv", { token: staff.admin, query: { tab: "all", jalur: "REG" } }))!;
    expect(res.status).toBe(200);
    await res.text();
    const rows = await api.db.select().from(accessLog).where(eq(accessLog.kind, "EXPORT"));
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)!.details).toEqual({ tab: "all", jalur: "REG" });
  });

  it("shows an export to each applicant whose file it held, and to the facility that registered them, with one record per batch", async () => {
    const app = await submitted();
    const other = await submitted();
    const [facility] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, "fasyankes@adaptasi.test"));
    await api.db.update(applications).set({ submittedByUserId: facility.id }).where(eq(applications.id, app.id));
    const [{ registration }] = await api.db.select({ registration: applications.registrationNumber }).from(applications).where(eq(applications.id, app.id));
    const res = (await api.client().fetchRaw("GET", "/review/applications.csv", { token: staff.admin, query: { tab: "all", q: registration! } }))!;
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(registration);
    const [exported] = await api.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.kind, "EXPORT"))
      .orderBy(sql`${accessLog.id} desc`)
      .limit(1);
    const batches = await api.db.select().from(accessLogExports).where(eq(accessLogExports.accessLogId, exported.id));
    expect(batches.map((b) => b.applicationIds)).toEqual([[app.id]]);

    const mine = await own(app.token);
    expect(mine.data[0]).toMatchObject({ kind: "EXPORT", actor_role: 2, registration_number: registration, filter: { tab: "all", q: registration } });
    // The other applicant's file was not in that export.
    expect((await own(other.token)).data.some((e) => e.id === exported.id)).toBe(false);
    // The facility sees it for the professional it registered, named.
    const theirs = await own(staff.fasyankes);
    expect(theirs.data.find((e) => e.id === exported.id)).toMatchObject({
      kind: "EXPORT",
      registration_number: registration,
      applicant_name: expect.any(String),
    });

    // An export of everything: each applicant finds it once, however many batches it took.
    const all = (await api.client().fetchRaw("GET", "/review/applications.csv", { token: staff.superadmin, query: { tab: "all" } }))!;
    await all.text();
    const [everything] = await api.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.kind, "EXPORT"))
      .orderBy(sql`${accessLog.id} desc`)
      .limit(1);
    expect((await own(other.token)).data.filter((e) => e.id === everything.id)).toHaveLength(1);
    const held = (await api.db.select().from(accessLogExports).where(eq(accessLogExports.accessLogId, everything.id))).flatMap((b) => b.applicationIds);
    expect(held).toContain(app.id);
    expect(new Set(held).size).toBe(held.length);
  });

  it("answers 503 with its own message, and serves nothing, when the row cannot be written", async () => {
    const app = await submitted();
    const detail = answered(await api.client().call("GET", `/review/applications/${app.id}`, { token: staff.subkomite })).data;
    const fileId = detail.documents[1].versions[0].file_id;
    const before = (await api.db.select().from(accessLog)).length;
    await api.db.execute(sql`alter table access_log add constraint access_log_refuses check (false) not valid`);
    try {
      // Read as responses (fetchRaw): the test reads the Retry-After header of each.
      for (const read of [
        () => api.client().fetchRaw("GET", `/review/applications/${app.id}`, { token: staff.subkomite }),
        () => api.client().fetchRaw("GET", `/files/${fileId}`, { token: staff.subkomite }),
        () => api.client().fetchRaw("GET", "/review/applications.csv", { token: staff.subkomite, query: { tab: "all" } }),
        () => api.client().fetchRaw("GET", "/admin/access-log", { token: staff.superadmin }),
      ]) {
        const res = (await read())!;
        const body = await expectError(res, 503, "ACCESS_LOG_UNAVAILABLE");
        expect(res.headers.get("retry-after")).toBe("30");
        expect(JSON.stringify(body)).not.toContain("ADP-");
      }
      // The applicant's own reads need no row and still work.
      expect((await api.client().fetchRaw("GET", `/files/${fileId}`, { token: app.token }))!.status).toBe(200);
    } finally {
      await api.db.execute(sql`alter table access_log drop constraint access_log_refuses`);
    }
    expect((await api.db.select().from(accessLog)).length).toBe(before);
  });

  it("lets only the Super Admin search the whole log, and records that search", async () => {
    const app = await submitted();
    await api.client().call("GET", `/review/applications/${app.id}`, { token: staff.admin });
    const res = await api.client().call("GET", "/admin/access-log", { token: staff.superadmin, query: { applicant: app.email } });
    expect(res.status).toBe(200);
    const body = answered(res);
    expect(body.data).toMatchObject([
      { kind: "DETAIL", actor_role: 2, applicant_name: expect.any(String), registration_number: expect.stringMatching(/^ADP-/) },
    ]);
    const searches = await api.db.select().from(accessLog).where(eq(accessLog.kind, "ACCESS_LOG"));
    expect(searches.at(-1)!.details).toEqual({ applicant: app.email });
    refused(await api.client().call("GET", "/admin/access-log", { token: staff.admin }), 403, "ADMIN_ROLE_REQUIRED");
    refused(await api.client().call("GET", "/admin/access-log", { token: app.token }), 403, "ADMIN_ROLE_REQUIRED");
    refused(await api.client().call("GET", "/me/access-log", { token: staff.admin }), 404, "NOT_FOUND");
    refused(await api.client().call("GET", "/admin/access-log", { token: staff.superadmin, query: { from: "2026-13-01" } }), 400, "VALIDATION_ERROR");
  });

  it("has no way to change or remove a row through the API", async () => {
    const app = await submitted();
    await api.client().call("GET", `/review/applications/${app.id}`, { token: staff.admin });
    const before = await own(app.token);
    for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
      for (const path of [
        "/api/v1/me/access-log",
        "/api/v1/admin/access-log",
        `/api/v1/me/access-log/${before.data[0].id}`,
        `/api/v1/admin/access-log/${before.data[0].id}`,
      ]) {
        // Raw: these methods and paths are no route of the API, so the typed client cannot name them.
        const res = await api.request(path, { token: method === "POST" ? staff.superadmin : app.token, method, json: method === "DELETE" ? undefined : {} });
        expect([404, 405]).toContain(res.status);
      }
    }
    expect(await own(app.token)).toEqual(before);
  });

  it("is append-only in the database too: no update, delete or truncate; a deleted account or draft only clears its pointer", async () => {
    const reader = await api.createUser({ email: `pembaca.${Date.now()}@contoh.id`, roleId: 2 });
    const subject = await applicantWithProfile(api, undefined, { emailPrefix: "dibaca" });
    const [person] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, subject.email));
    const draft = await api.client().call("POST", "/applications", { token: subject.token, body: { jalur_id: "REG" } });
    const applicationId = answered(draft).data.id;
    const [row] = await api.db
      .insert(accessLog)
      .values({ applicantUserId: person.id, applicationId, actorUserId: reader.id, actorRole: 2, actorName: "Pembaca", kind: "DETAIL", stageId: 1 })
      .returning();
    const reread = async () => (await api.db.select().from(accessLog).where(eq(accessLog.id, row.id)))[0];
    // Whoever connects: no column changes, not even a pointer set to null by hand, and no row goes.
    await expect(api.db.update(accessLog).set({ actorName: "Orang lain" }).where(eq(accessLog.id, row.id))).rejects.toThrow();
    await expect(
      api.db
        .update(accessLog)
        .set({ createdAt: new Date(0) })
        .where(eq(accessLog.id, row.id)),
    ).rejects.toThrow();
    await expect(api.db.update(accessLog).set({ actorUserId: null }).where(eq(accessLog.id, row.id))).rejects.toThrow();
    await expect(api.db.delete(accessLog).where(eq(accessLog.id, row.id))).rejects.toThrow();
    await expect(api.db.execute(sql`truncate access_log cascade`)).rejects.toThrow();
    expect(await reread()).toEqual(row);
    // The draft and the accounts go: the database's own ON DELETE SET NULL clears their pointers, nothing else.
    await api.db.delete(applications).where(eq(applications.id, applicationId));
    await api.db.delete(users).where(eq(users.id, reader.id));
    await api.db.delete(users).where(eq(users.id, person.id));
    expect(await reread()).toEqual({ ...row, applicantUserId: null, applicationId: null, actorUserId: null });
  });
});
