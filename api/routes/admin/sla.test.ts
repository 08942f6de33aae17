import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAGES } from "#domain/workflow";
import { additionalRequirements, adminAuditLog, applications, auditLog, slaSettings, users } from "../../db/schema";
import { answered, type ApiBody, createTestApi, expectError, type TestApi, typedRequest, typedRequestAs } from "../../test/helpers";

let api: TestApi;
let superToken: string;
beforeAll(async () => {
  api = await createTestApi();
  superToken = (await api.login("superadmin@adaptasi.test")).token;
});
afterAll(() => api?.close());

const asSuper = typedRequestAs(
  () => api,
  () => superToken,
);
const currentForm = async () =>
  Object.fromEntries(
    ((await (await asSuper("GET", "/admin/sla")).json()).data as Array<{ stage_id: number; days: number }>).map((s) => [`stage_${s.stage_id}`, s.days]),
  );

/** A submitted file waiting at `stageId` since `startedAt`. */
async function waitingFile(stageId: number, startedAt: Date, email: string) {
  const applicant = await api.createUser({ email, roleId: 3 });
  const [row] = await api.db
    .insert(applications)
    .values({
      applicantUserId: applicant.id,
      submittedByUserId: applicant.id,
      jalurId: STAGES.find((s) => s.id === stageId)!.jalur,
      isSubmitted: true,
      submittedAt: startedAt,
      status: "IN-PROGRESS",
      stageId,
      stageStartedAt: startedAt,
      openStageId: stageId,
      reachedStages: [stageId],
      deadlineAt: new Date(startedAt.getTime() + 14 * 86_400_000),
    })
    .returning();
  return row;
}

describe("GET /admin/sla", () => {
  it("answers every stage of every pathway with its days, by ids: a page words the stage", async () => {
    const res = await asSuper("GET", "/admin/sla");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.map((s: { stage_id: number }) => s.stage_id)).toEqual(STAGES.map((s) => s.id));
    expect(data[0]).toMatchObject({ stage_id: 1, jalur_id: "REG", days: 14 });
    expect(Object.keys(data[0]).sort()).toEqual(["days", "jalur_id", "stage_id", "updated_at"]);
  });

  it("is the Super Admin's only", async () => {
    for (const who of ["admin@adaptasi.test", "kki@adaptasi.test", "pemohon@adaptasi.test"]) {
      const { token } = await api.login(who);
      await expectError(await typedRequest(api, "GET", "/admin/sla", { token }), 403, "ADMIN_ROLE_REQUIRED");
      await expectError(await typedRequest(api, "PUT", "/admin/sla", { body: await currentForm(), token }), 403, "ADMIN_ROLE_REQUIRED");
    }
  });
});

describe("PUT /admin/sla", () => {
  it("saves the days, moves the deadlines of files waiting at that stage only, and logs old → new", async () => {
    const started = new Date("2026-01-05T03:00:00Z");
    const atTwo = await waitingFile(2, started, "sla.dua@contoh.test");
    const atOne = await waitingFile(1, started, "sla.satu@contoh.test");
    const form = { ...(await currentForm()), stage_2: 45 };
    const res = await asSuper("PUT", "/admin/sla", { body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    const { data } = await res.json();
    expect(data.changed).toEqual([{ stage_id: 2, from: 30, to: 45, applications: 1 }]);
    expect(data.stages.find((s: { stage_id: number }) => s.stage_id === 2).days).toBe(45);

    const [row] = await api.db.select().from(slaSettings).where(eq(slaSettings.stageId, 2));
    expect(row.days).toBe(45);
    const [moved] = await api.db.select().from(applications).where(eq(applications.id, atTwo.id));
    expect(moved.deadlineAt?.toISOString()).toBe("2026-02-19T03:00:00.000Z");
    const [untouched] = await api.db.select().from(applications).where(eq(applications.id, atOne.id));
    expect(untouched.deadlineAt?.toISOString()).toBe(atOne.deadlineAt?.toISOString());

    const [superAdmin] = await api.db.select().from(users).where(eq(users.email, "superadmin@adaptasi.test"));
    const logged = await api.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, "sla_stage"), eq(adminAuditLog.targetId, "2")));
    expect(logged).toEqual([
      expect.objectContaining({ action: "SLA_UPDATE", actorUserId: superAdmin.id, actorRole: 1, details: { from: 30, to: 45, applications: 1 } }),
    ]);
  });

  it("saving the same values changes nothing", async () => {
    const res = await asSuper("PUT", "/admin/sla", { body: await currentForm() });
    expect((await res.json()).data.changed).toEqual([]);
  });

  it("answers 400 with the spec's messages for missing, non-integer and out-of-range days", async () => {
    const form = await currentForm();
    delete form.stage_1;
    const body = await expectError(
      // Raw: a text where the route's type takes a number of days.
      await api.request("/api/v1/admin/sla", { method: "PUT", json: { ...form, stage_2: 0, stage_3: 366, stage_4: 1.5, stage_11: "abc" }, token: superToken }),
      400,
      "VALIDATION_ERROR",
    );
    expect(body.error.details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: "stage_1", message: "Pemeriksaan Dokumen (Reguler) harus diisi" }),
        expect.objectContaining({ path: "stage_2", message: "Penyetaraan (Reguler) harus di antara 1 dan 365" }),
        expect.objectContaining({ path: "stage_3", message: "Evaluasi Kompetensi (Reguler) harus di antara 1 dan 365" }),
        expect.objectContaining({ path: "stage_4", message: "Pembekalan (Reguler) harus berupa bilangan bulat" }),
        expect.objectContaining({ path: "stage_11", message: "Pemeriksaan Dokumen (Spesialis) harus berupa bilangan bulat" }),
      ]),
    );
    const [row] = await api.db.select().from(slaSettings).where(eq(slaSettings.stageId, 3));
    expect(row.days).toBe(30);
  });

  it("answers 400 for malformed JSON", async () => {
    // Raw: malformed JSON, which the typed client cannot send.
    const res = await api.request("/api/v1/admin/sla", { method: "PUT", body: "{", headers: { "content-type": "application/json" }, token: superToken });
    await expectError(res, 400, "MALFORMED_BODY");
  });
});

describe("PUT /admin/committee-name (spec §6: role 1's label is followed by the committee's name)", () => {
  const put = (json: ApiBody<"PUT", "/admin/committee-name">, token = superToken) => typedRequest(api, "PUT", "/admin/committee-name", { body: json, token });
  const publicName = async () => answered(await api.client().call("GET", "/config/public")).data.committeeName;

  it("answers the default until the Super Admin names the committee, then the new name; the change is logged", async () => {
    expect(await publicName()).toBe("Komite Adaptasi");
    const res = await put({ committee_name: "  Komite   Adaptasi Nakes " });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ committee_name: "Komite Adaptasi Nakes" });
    expect(await publicName()).toBe("Komite Adaptasi Nakes");
    const logged = await api.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, "committee_name"));
    expect(logged).toEqual([
      expect.objectContaining({ action: "CMS_UPDATE", actorRole: 1, details: { from: "Komite Adaptasi", to: "Komite Adaptasi Nakes" } }),
    ]);
  });

  it("answers role 1 by its id, never its name with the saved committee's: the staff list and record, the applicant's timeline, who asked for a document", async () => {
    // The first test of this block saved "Komite Adaptasi Nakes".
    const staff = await (await typedRequest(api, "GET", "/admin/users", { query: { role: "1" }, token: superToken })).json();
    const me = staff.data.find((u: { email: string }) => u.email === "superadmin@adaptasi.test");
    expect(me).toMatchObject({ role_id: 1 });
    expect(me).not.toHaveProperty("role_label");
    const record = await (await typedRequest(api, "GET", `/admin/users/${me.id}`, { token: superToken })).json();
    expect(record.data).toMatchObject({ role_id: 1 });
    expect(record.data).not.toHaveProperty("role_label");

    const email = `komite.${Date.now()}@uji.test`;
    const file = await waitingFile(12, new Date(), email);
    await api.db.insert(auditLog).values({ applicationId: file.id, actorUserId: me.id, actorRole: 1, action: "DECISION", note: "oleh Super Admin" });
    await api.db
      .insert(additionalRequirements)
      .values({ applicationId: file.id, stageId: 12, title: "Surat tambahan", requestedByUserId: me.id, requestedByRole: 1 });
    const { token } = await api.login(email);
    const view = (await (await typedRequest(api, "GET", `/applications/${file.id}`, { token })).json()).data;
    const move = view.timeline.find((t: { note: string }) => t.note === "oleh Super Admin");
    expect(move).toMatchObject({ actor_role: 1 });
    expect(move).not.toHaveProperty("actor");
    const extra = (await (await typedRequest(api, "GET", `/applications/${file.id}/additional-requirements`, { token })).json()).data;
    expect(extra.items.map((r: { requested_by_role: number }) => r.requested_by_role)).toEqual([1]);
    expect(extra.items[0]).not.toHaveProperty("requested_by");
  });

  it("refuses an empty or too long name with Indonesian messages", async () => {
    const empty = await expectError(await put({ committee_name: "" }), 400, "VALIDATION_ERROR");
    expect(empty.error.details?.[0]).toMatchObject({ path: "committee_name", message: "Nama Komite harus diisi" });
    const long = await expectError(await put({ committee_name: "K".repeat(101) }), 400, "VALIDATION_ERROR");
    expect(long.error.details?.[0]).toMatchObject({ path: "committee_name", message: "tidak boleh lebih dari 100 karakter" });
    expect(await publicName()).toBe("Komite Adaptasi Nakes");
  });

  it("is the Super Admin's only", async () => {
    for (const who of ["admin@adaptasi.test", "kki@adaptasi.test"]) {
      const { token } = await api.login(who);
      await expectError(await put({ committee_name: "Komite Lain" }, token), 403, "ADMIN_ROLE_REQUIRED");
    }
  });
});
