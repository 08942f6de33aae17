import { and, asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { JalurId } from "#domain/documents";
import { DRAFT_RULE } from "#domain/status-label";
import { stagesBefore, type WorkflowState } from "#domain/workflow";
import { pdf } from "../../../tests/fixtures/files";
import { applications, auditLog, reuploadRequests, users } from "../../db/schema";
import type { Mailer } from "../../services/mail";
import { decideApplication } from "../../services/workflow";
import { reviewColumns } from "../../services/review-state";
import { LIST_COUNTS_TTL_MS } from "../../services/review/review";
import type { ApiBody, ApiQuery } from "../../../app/utils/api.server";
import { answered, createTestApi, expectError, multipart, refused, type TestApi } from "../../test/helpers";
import { applicantWithProfile, everyDocument as everyDocumentOf, tag } from "../../test/journeys";

// The review workflow of docs/decisions/018-review-api-rules.md, through the HTTP API.

let api: TestApi;
let pdfBytes: Buffer;
const ACCOUNTS = ["superadmin", "admin", "subkomite", "pembekalan", "kolegium", "kki", "fasyankes"] as const;
const staff = {} as Record<(typeof ACCOUNTS)[number], string>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  api = await createTestApi();
  pdfBytes = await pdf();
  for (const who of ACCOUNTS) staff[who] = (await api.login(`${who}@adaptasi.test`)).token;
});
afterAll(() => api?.close());

/** A fresh applicant with a complete profile named "Budi <name>", logged in. */
const applicant = (name?: string) => applicantWithProfile(api, name, { emailPrefix: "reviu" });
const everyDocument = (jalur: JalurId) => everyDocumentOf(jalur, pdfBytes);

/** An application submitted through the applicant's API: IN-PROGRESS at the pathway's first stage. */
async function submitted(jalur: JalurId = "REG", name?: string) {
  const who = await applicant(name);
  const draft = await api.client().call("POST", "/applications", { token: who.token, body: { jalur_id: jalur } });
  expect(draft.status).toBe(201);
  const { id } = answered(draft).data;
  expect((await api.client().upload(`/applications/${id}/documents`, ...multipart(everyDocument(jalur)), { token: who.token })).status).toBe(200);
  const res = await api.client().call("POST", `/applications/${id}/submit`, { token: who.token, body: {} });
  expect(res.status).toBe(200);
  return { ...who, id };
}

const url = (id: string) => `/review/applications/${id}` as const;
const detail = async (token: string, id: string) => {
  const res = await api.client().call("GET", url(id), { token });
  expect(res.status).toBe(200);
  return answered(res).data;
};
type Decision = ApiBody<"POST", "/review/applications/:id/decisions">;
const decideVia = (token: string, id: string, body: Decision) => api.client().call("POST", `${url(id)}/decisions`, { token, body });
async function pass(token: string, id: string, stage_id: number, note?: string) {
  const res = await decideVia(token, id, { stage_id, decision: "PASSED", note });
  expect(res.status).toBe(200);
  return answered(res).data;
}
const row = async (id: string) => (await api.db.select().from(applications).where(eq(applications.id, id)))[0];
type ListQuery = ApiQuery<"GET", "/review/applications">;
const list = async (token: string, query: ListQuery) => {
  const res = await api.client().call("GET", "/review/applications", { token, query });
  expect(res.status).toBe(200);
  return answered(res);
};

describe("decisions", () => {
  it("takes a REG file through the whole path: reupload, then Selesai, Setara, Kompeten and Sesuai", async () => {
    const app = await submitted("REG");
    let r = await row(app.id);
    expect(r).toMatchObject({ openStageId: 1, reachedStages: [1], applicantName: app.name, applicantEmail: app.email });
    expect(r.deadlineAt!.getTime() - r.stageStartedAt!.getTime()).toBe(14 * DAY);
    expect((await api.mails(app.email)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Permohonan diterima — ADP-\d{4}-\d{6} \| Adaptasi Nakes LLN$/),
    ]);

    // Document check: back to the applicant for one document.
    let d = await detail(staff.admin, app.id);
    expect(d).toMatchObject({ may_decide: true, decisions: ["PASSED", "FAILED", "REUPLOAD"] });
    // Stages by their ids alone: a page words them in its own language.
    expect(d.open_stage).toEqual({ id: 1 });
    expect(d.sla).toMatchObject({ stage: { id: 1 }, days: 14, days_left: 14, overdue: false });
    expect(d.sla!.stage).toEqual({ id: 1 });
    const res = await decideVia(staff.admin, app.id, {
      stage_id: 1,
      decision: "REUPLOAD",
      note: "CV belum ditandatangani.",
      internal_note: "Cek ulang tanda tangan.",
      documents: [{ requirement_id: 2, reason: "Tanda tangan tidak ada" }],
    });
    expect(res.status).toBe(200);
    d = answered(res).data;
    expect(d).toMatchObject({
      application: { status: "REUPLOAD", label: { rule: 3 }, reupload: [{ requirement_id: 2, reason: "Tanda tangan tidak ada" }] },
      open_stage: null,
      sla: null,
      may_decide: false,
      decisions: [],
    });
    expect(d.audit.at(-1)).toMatchObject({
      action: "DECISION",
      actor_name: "Rina Marlina",
      actor_role: 2,
      from_stage_id: 1,
      from_status: "IN-PROGRESS",
      to_stage_id: 1,
      to_status: "REUPLOAD",
      note: "CV belum ditandatangani.",
      internal_note: "Cek ulang tanda tangan.",
      details: [{ requirement_id: 2, reason: "Tanda tangan tidak ada" }],
    });
    expect(await row(app.id)).toMatchObject({ openStageId: null, deadlineAt: null, status: "REUPLOAD", isFinal: false });
    expect(await api.db.select().from(reuploadRequests).where(eq(reuploadRequests.applicationId, app.id))).toMatchObject([
      { requirementId: 2, reason: "Tanda tangan tidak ada", resolvedAt: null },
    ]);
    const reuploadMail = (await api.mails(app.email)).at(-1)!;
    expect(reuploadMail.subject).toMatch(/^Perbaikan berkas diperlukan — /);
    expect(reuploadMail.text).toContain("Tanda tangan tidak ada");
    expect(reuploadMail.text).toContain("http://localhost:3000/submission-form/reupload-form");
    expect(reuploadMail.text).not.toContain("Cek ulang");

    // The applicant fixes it and sends it back: IN-PROGRESS at stage 1 again, a fresh clock.
    const fd = new FormData();
    fd.append("doc_2", new Blob([new Uint8Array(pdfBytes)]), "cv-baru.pdf");
    expect((await api.client().upload(`/applications/${app.id}/reupload`, ...multipart(fd), { token: app.token })).status).toBe(200);
    // Stored, still with the applicant until it is sent back.
    expect(await row(app.id)).toMatchObject({ status: "REUPLOAD" });
    expect((await api.client().call("POST", `/applications/${app.id}/reupload/submit`, { token: app.token })).status).toBe(200);
    r = await row(app.id);
    expect(r).toMatchObject({ status: "IN-PROGRESS", stageId: 1, openStageId: 1, reachedStages: [1] });
    expect(r.deadlineAt!.getTime() - r.stageStartedAt!.getTime()).toBe(14 * DAY);
    // The applicant never sees the internal note.
    const mine = answered(await api.client().call("GET", `/applications/${app.id}`, { token: app.token })).data;
    expect(JSON.stringify(mine)).not.toContain("Cek ulang");

    // Each pass keeps its label and opens the next stage.
    d = await pass(staff.subkomite, app.id, 1);
    expect(d).toMatchObject({
      application: { status: "PASSED", tahap: { id: 1 }, label: { rule: 11 } },
      open_stage: { id: 2 },
      may_decide: false,
    });
    r = await row(app.id);
    expect(r).toMatchObject({ openStageId: 2, reachedStages: [1, 2], isFinal: false });
    expect(r.deadlineAt!.getTime() - r.stageStartedAt!.getTime()).toBe(30 * DAY);

    d = await pass(staff.kolegium, app.id, 2, "Setara dengan lulusan dalam negeri.");
    expect(d).toMatchObject({ application: { label: { rule: 5 } }, open_stage: { id: 3 } });
    d = await pass(staff.subkomite, app.id, 3);
    expect(d).toMatchObject({ application: { label: { rule: 7 } }, open_stage: { id: 4 } });
    d = await pass(staff.pembekalan, app.id, 4);
    expect(d).toMatchObject({ application: { label: { rule: 10 } }, open_stage: null, sla: null, decisions: [] });
    expect(await row(app.id)).toMatchObject({ isFinal: true, openStageId: null, deadlineAt: null, reachedStages: [1, 2, 3, 4] });

    expect(d.audit.map((a) => `${a.action} ${a.to_stage_id} ${a.to_status}`)).toEqual([
      "SUBMIT 1 IN-PROGRESS",
      "DECISION 1 REUPLOAD",
      "REUPLOAD 1 IN-PROGRESS",
      "DECISION 1 PASSED",
      "DECISION 2 PASSED",
      "DECISION 3 PASSED",
      "DECISION 4 PASSED",
    ]);
    // Each decision keeps when its stage's clock started (/kinerja counts waits from it): the row before it,
    // the submission, the reupload or the pass of the stage before; the other rows keep none.
    const history = await api.db.select().from(auditLog).where(eq(auditLog.applicationId, app.id)).orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    const clock = history.filter((h) => ["SUBMIT", "REUPLOAD", "DECISION"].includes(h.action) && h.toStage !== null);
    expect(clock.map((h) => [h.action, h.stageStartedAt?.getTime() ?? null])).toEqual(
      clock.map((h, i) => [h.action, h.action === "DECISION" ? clock[i - 1]!.createdAt.getTime() : null]),
    );
    expect(clock.filter((h) => h.action === "DECISION")).toHaveLength(5);
    const subjects = (await api.mails(app.email)).map((m) => m.subject);
    expect(subjects).toHaveLength(6);
    expect(subjects).toContainEqual(expect.stringMatching(/^Keputusan Pembekalan: Sesuai — /));
    const setara = (await api.mails(app.email)).find((m) => m.subject.startsWith("Keputusan Penyetaraan: Setara"));
    expect(setara?.text).toContain("Setara dengan lulusan dalam negeri.");
    // Closed: nothing more to decide.
    refused(await decideVia(staff.pembekalan, app.id, { stage_id: 4, decision: "PASSED" }), 409, "STAGE_NOT_OPEN");
  });

  it("takes an SPE file to Sesuai", async () => {
    const app = await submitted("SPE");
    expect((await row(app.id)).openStageId).toBe(11);
    await pass(staff.admin, app.id, 11);
    expect((await pass(staff.subkomite, app.id, 12)).application.label.rule).toBe(7); // Kompeten
    const d = await pass(staff.pembekalan, app.id, 13);
    expect(d.application.label).toEqual({ rule: 10, colour: "green" } /* Sesuai */);
    expect(await row(app.id)).toMatchObject({ isFinal: true, reachedStages: [11, 12, 13] });
  });

  it("takes OTH files to Layak and to Tidak Layak", async () => {
    const yes = await submitted("OTH");
    const no = await submitted("OTH");
    for (const app of [yes, no]) {
      await pass(staff.subkomite, app.id, 21);
      await pass(staff.subkomite, app.id, 22);
    }
    expect((await pass(staff.kki, yes.id, 23)).application.label).toEqual({ rule: 9, colour: "green" } /* Layak */);
    const res = await decideVia(staff.kki, no.id, { stage_id: 23, decision: "FAILED", note: "Kegiatan tidak sesuai izin." });
    expect(res.status).toBe(200);
    expect(answered(res).data.application.label).toEqual({ rule: 8, colour: "red" } /* Tidak Layak */);
    expect(await row(no.id)).toMatchObject({ isFinal: true, openStageId: null });
    const mail = (await api.mails(no.email)).at(-1)!;
    expect(mail.subject).toMatch(/^Keputusan Kelayakan: Tidak Layak — /);
    expect(mail.text).toContain("Kegiatan tidak sesuai izin.");
  });

  it("refuses a REG file at the document check (Tolak), which closes it", async () => {
    const app = await submitted("REG");
    const res = await decideVia(staff.subkomite, app.id, { stage_id: 1, decision: "FAILED", note: "Ijazah tidak terbaca." });
    expect(res.status).toBe(200);
    expect(answered(res).data.application.label).toEqual({ rule: 2, colour: "red" } /* Tolak */);
    expect(await row(app.id)).toMatchObject({ isFinal: true, openStageId: null, deadlineAt: null });
    refused(await decideVia(staff.admin, app.id, { stage_id: 1, decision: "PASSED" }), 409, "STAGE_NOT_OPEN");
  });

  it("answers 403 for a role that does not decide the stage, 409 for a stage that is not open", async () => {
    const app = await submitted("REG");
    const notYours = refused(await decideVia(staff.kki, app.id, { stage_id: 1, decision: "PASSED" }), 403, "NOT_YOUR_STAGE");
    expect(notYours.error.message).toBe("Peran Anda tidak dapat memutuskan tahap ini.");
    refused(await decideVia(staff.admin, app.id, { stage_id: 2, decision: "PASSED" }), 403, "NOT_YOUR_STAGE");
    refused(await decideVia(staff.superadmin, app.id, { stage_id: 1, decision: "PASSED" }), 403, "NOT_YOUR_STAGE");
    const notOpen = refused(await decideVia(staff.subkomite, app.id, { stage_id: 3, decision: "PASSED" }), 409, "STAGE_NOT_OPEN");
    expect(notOpen.error.message).toMatch(/^Permohonan ini sudah diputuskan pada tahap ini/);
    await pass(staff.admin, app.id, 1);
    refused(await decideVia(staff.subkomite, app.id, { stage_id: 1, decision: "PASSED" }), 409, "STAGE_NOT_OPEN");
    // Non-staff: 403 on every review endpoint.
    refused(await decideVia(app.token, app.id, { stage_id: 1, decision: "PASSED" }), 403, "STAFF_ONLY");
    refused(await api.client().call("GET", url(app.id), { token: app.token }), 403, "STAFF_ONLY");
    refused(await api.client().call("GET", "/review/applications", { token: staff.fasyankes, query: { page: 0 } }), 403, "STAFF_ONLY");
    await expectError((await api.client().fetchRaw("GET", "/review/applications.csv", { token: app.token }))!, 403, "STAFF_ONLY");
    refused(await api.client().call("GET", "/review/applications"), 401, "INVALID_TOKEN");
  });

  it("lets exactly one of two racing decisions win, with one audit entry", async () => {
    const app = await submitted("REG");
    const results = await Promise.all([
      decideVia(staff.admin, app.id, { stage_id: 1, decision: "PASSED" }),
      decideVia(staff.subkomite, app.id, { stage_id: 1, decision: "FAILED", note: "Tidak lengkap." }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(!loser.ok && loser.error.code).toBe("STAGE_NOT_OPEN");
    const decisions = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, app.id), eq(auditLog.action, "DECISION")));
    expect(decisions).toHaveLength(1);
    const r = await row(app.id);
    expect(r.status).toBe(decisions[0].toStatus);
  });

  it("validates the body with details, and never answers 500", async () => {
    const app = await submitted("REG");
    const details = async (body: Decision) => refused(await decideVia(staff.admin, app.id, body), 400, "VALIDATION_ERROR").error.details!;
    // Raw: bodies of the wrong types (a text for a number, an array for the object), which the typed client cannot send.
    const detailsOfRaw = async (body: unknown) =>
      (await expectError(await api.request(`/api/v1${url(app.id)}/decisions`, { token: staff.admin, json: body }), 400, "VALIDATION_ERROR")).error.details!;
    // The form's own message is answered as a text with its locale key, so the portal says it in its language.
    expect(await details({ stage_id: 1, decision: "FAILED" })).toEqual([
      {
        path: "note",
        code: "text",
        labels: { text: "review:decision.messages.noteRequired" },
        message: "Catatan wajib diisi",
      },
    ]);
    expect(await details({ stage_id: 1, decision: "REUPLOAD", note: "x" })).toMatchObject([{ path: "documents", message: "Pilih minimal satu dokumen" }]);
    expect(await details({ stage_id: 1, decision: "REUPLOAD", note: "x", documents: [{ requirement_id: 2, reason: " " }] })).toMatchObject([
      { path: "documents.0.reason", message: "Alasan wajib diisi" },
    ]);
    expect(await details({ stage_id: 1, decision: "REUPLOAD", note: "x", documents: [{ requirement_id: 21, reason: "y" }] })).toEqual([
      { path: "documents.0.requirement_id", code: "document_unknown", message: "Dokumen ini tidak ada pada permohonan" },
    ]);
    expect((await detailsOfRaw({ stage_id: "satu", decision: "MAYBE", note: "x".repeat(2001) })).map((d: { path: string }) => d.path).sort()).toEqual([
      "decision",
      "note",
      "stage_id",
    ]);
    expect(await detailsOfRaw([])).toHaveLength(1);
    // Raw: a body that is no JSON at all.
    const malformed = await api.request(`/api/v1${url(app.id)}/decisions`, { token: staff.admin, body: "{", headers: { "content-type": "application/json" } });
    await expectError(malformed, 400, "MALFORMED_BODY");
    // REUPLOAD only at a document check.
    await pass(staff.admin, app.id, 1);
    const reupload = await decideVia(staff.kolegium, app.id, { stage_id: 2, decision: "REUPLOAD", note: "x", documents: [{ requirement_id: 2, reason: "y" }] });
    expect(refused(reupload, 400, "VALIDATION_ERROR").error.details).toMatchObject([
      { path: "decision", message: "Keputusan ini tidak tersedia pada tahap ini" },
    ]);
    refused(await api.client().call("GET", url("bukan-uuid"), { token: staff.admin }), 404, "NOT_FOUND");
    refused(await decideVia(staff.admin, "00000000-0000-4000-8000-000000000000", { stage_id: 1, decision: "PASSED" }), 404, "NOT_FOUND");
  });

  it("mails the facility admin who registered the applicant, and a decision whose mail cannot be recorded does not happen", async () => {
    const app = await submitted("REG");
    const [facility] = await api.db.select().from(users).where(eq(users.email, "fasyankes@adaptasi.test"));
    await api.db.update(applications).set({ submittedByUserId: facility.id }).where(eq(applications.id, app.id));
    const before = (await api.mails(app.email)).length;
    const d = await pass(staff.admin, app.id, 1);
    expect(d.submitted_by).toEqual({ name: "Agus Setiawan", email: "fasyankes@adaptasi.test", facility: true });
    const mail = (await api.mails("fasyankes@adaptasi.test")).at(-1)!;
    expect(mail.subject).toMatch(/^Keputusan Pemeriksaan Dokumen: Selesai — /);
    expect(mail.text).toContain(`Nama Pemohon: ${app.name}`);
    expect(await api.mails(app.email)).toHaveLength(before);
    expect((await list(staff.kolegium, { q: app.name })).data[0]).toMatchObject({ id: app.id, submitted_by_facility: true });

    // A mail that cannot be recorded undoes the decision: no decision without its notice.
    const broken: Mailer = {
      ...api.mailer,
      publicUrl: "http://localhost:3000",
      send: async () => {
        throw new Error("outbox unavailable");
      },
    };
    const [kolegium] = await api.db.select().from(users).where(eq(users.email, "kolegium@adaptasi.test"));
    const [prior] = await api.db.select().from(applications).where(eq(applications.id, app.id));
    await expect(
      decideApplication(
        api.db,
        { applicationId: app.id, actor: { userId: kolegium.id, role: 6 }, stageId: 2, decision: "PASSED" },
        { mailer: broken, logger: pino({ level: "silent" }) },
      ),
    ).rejects.toThrow("outbox unavailable");
    const [unchanged] = await api.db.select().from(applications).where(eq(applications.id, app.id));
    expect({ stage: unchanged.stageId, status: unchanged.status }).toEqual({ stage: prior.stageId, status: prior.status });
    const after = await decideApplication(
      api.db,
      { applicationId: app.id, actor: { userId: kolegium.id, role: 6 }, stageId: 2, decision: "PASSED" },
      { mailer: api.mailer, logger: pino({ level: "silent" }) },
    );
    expect(after.application.label.rule).toBe(5); // Setara
  });
});

describe("visibility and files", () => {
  it("shows each role what reached its stages; 1 and 7 see everything, role 1 drafts too", async () => {
    const name = tag();
    const app = await submitted("REG", name);
    const draftOwner = await applicant(name);
    const draft = answered(await api.client().call("POST", "/applications", { token: draftOwner.token, body: { jalur_id: "REG" } })).data;

    const ids = async (token: string) => (await list(token, { tab: "all", q: name })).data.map((r: { id: string }) => r.id).sort();
    expect(await ids(staff.superadmin)).toEqual([app.id, draft.id].sort());
    expect(await ids(staff.kki)).toEqual([app.id]);
    expect(await ids(staff.admin)).toEqual([app.id]);
    expect(await ids(staff.subkomite)).toEqual([app.id]);
    expect(await ids(staff.kolegium)).toEqual([]);
    expect(await ids(staff.pembekalan)).toEqual([]);
    refused(await api.client().call("GET", url(app.id), { token: staff.kolegium }), 404, "NOT_FOUND");
    refused(await api.client().call("GET", url(draft.id), { token: staff.kki }), 404, "NOT_FOUND");
    expect((await detail(staff.superadmin, draft.id)).application.label.rule).toBe(DRAFT_RULE);
    const superView = await detail(staff.superadmin, app.id);
    expect(superView).toMatchObject({ may_decide: false, decisions: [], open_stage: { id: 1 } });
    expect(superView.applicant).toMatchObject({ full_name: app.name, email: app.email, kind: "WNI", institution_name: expect.any(String) });
    expect(superView.documents.map((d: { requirement_id: number }) => d.requirement_id)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // Files: only roles that may see the application.
    const fileId = superView.documents[1].versions[0].file_id;
    const file = async (token: string) => (await api.client().fetchRaw("GET", `/files/${fileId}`, { token }))!;
    for (const token of [staff.superadmin, staff.admin, staff.subkomite, staff.kki, app.token]) expect((await file(token)).status).toBe(200);
    await expectError(await file(staff.kolegium), 404, "NOT_FOUND");
    await expectError(await file(staff.pembekalan), 404, "NOT_FOUND");
    await expectError(await file(draftOwner.token), 404, "NOT_FOUND");

    // Once stage 2 opens, the Kolegium sees the file and its documents (earlier versions too).
    await pass(staff.admin, app.id, 1);
    expect(await ids(staff.kolegium)).toEqual([app.id]);
    expect((await file(staff.kolegium)).status).toBe(200);
    expect(await detail(staff.kolegium, app.id)).toMatchObject({ may_decide: true, decisions: ["PASSED", "FAILED"] });
    await expectError(await file(staff.pembekalan), 404, "NOT_FOUND");
  });

  it("keeps applicant_name right when the profile changes", async () => {
    const app = await submitted("REG");
    const profile = answered(await api.client().call("GET", "/me/profile", { token: app.token })).data;
    // The profile is complete (applicantWithProfile): none of its fields is null.
    const { email: _e, photo_file_id: _p, complete: _c, ...rest } = profile as { [K in keyof typeof profile]: NonNullable<(typeof profile)[K]> };
    const res = await api.client().call("PUT", "/me/profile", {
      token: app.token,
      body: { ...rest, full_name: "Budi Namabaru", graduation_year: String(rest.graduation_year) },
    });
    expect(res.status).toBe(200);
    expect((await row(app.id)).applicantName).toBe("Budi Namabaru");
  });
});

describe("lists", () => {
  const name = tag();
  const now = Date.now();
  let facilityId: string;
  const made: { id: string; label: string; jalur: JalurId; deadline: Date | null }[] = [];

  /** Rows straight into the table, each in a given state (the workflow itself is tested above). */
  async function insert(
    n: number,
    state: (i: number) => { jalur: JalurId; stage: number; status: WorkflowState["status"]; submittedDaysAgo: number; startedDaysAgo: number; nameOf?: string },
  ) {
    const people = await api.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({ email: `daftar.${name}.${made.length + i}@contoh.id`, passwordHash: "x", fullName: "Pengguna Uji", roleId: 3 })),
      )
      .returning({ id: users.id, email: users.email });
    for (const [i, p] of people.entries()) {
      const s = state(i);
      const wf: WorkflowState = { is_submitted: true, status: s.status, stage_id: s.stage };
      const started = new Date(now - s.startedDaysAgo * DAY);
      const [app] = await api.db
        .insert(applications)
        .values({
          applicantUserId: p.id,
          submittedByUserId: i % 5 === 0 ? facilityId : p.id,
          jalurId: s.jalur,
          isSubmitted: true,
          status: s.status,
          stageId: s.stage,
          isFinal: s.status === "FAILED",
          submittedAt: new Date(now - s.submittedDaysAgo * DAY),
          stageStartedAt: started,
          applicantName: s.nameOf ?? `${name} ${String(made.length).padStart(3, "0")}`,
          applicantEmail: p.email,
        })
        .returning({ id: applications.id });
      const cols = reviewColumns(wf, { stageStartedAt: started });
      const last = cols.openStageId ?? s.stage;
      const reached = [...stagesBefore(last), last];
      await api.db
        .update(applications)
        .set({ openStageId: cols.openStageId, deadlineAt: cols.deadlineAt, reachedStages: reached })
        .where(eq(applications.id, app.id));
      made.push({ id: app.id, label: s.status!, jalur: s.jalur, deadline: cols.deadlineAt });
    }
  }

  beforeAll(async () => {
    [{ id: facilityId }] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, "fasyankes@adaptasi.test"));
    // 30 REG files open at the document check, started 0.5–29.5 days ago (14-day SLA: 16 overdue).
    await insert(30, (i) => ({ jalur: "REG", stage: 1, status: "IN-PROGRESS", submittedDaysAgo: i + 0.5, startedDaysAgo: i + 0.5 }));
    // 3 REG files passed at stage 2 (Setara, stage 3 open), 2 SPE refused at the document check, 1 OTH waiting for a reupload.
    await insert(3, () => ({ jalur: "REG", stage: 2, status: "PASSED", submittedDaysAgo: 40, startedDaysAgo: 1 }));
    await insert(2, () => ({ jalur: "SPE", stage: 11, status: "FAILED", submittedDaysAgo: 50, startedDaysAgo: 45 }));
    await insert(1, () => ({ jalur: "OTH", stage: 21, status: "REUPLOAD", submittedDaysAgo: 60, startedDaysAgo: 2, nameOf: `=HYPERLINK("http://x") ${name}` }));
  });

  it("pages 25 at a time with the counts of both tabs, action tab by nearest deadline", async () => {
    const first = await list(staff.admin, { q: name });
    // Role 2 decides the document checks: the 30 open there need its action.
    expect(first.meta).toEqual({ page: 1, page_size: 25, total: 30, pages: 2, counts: { action: 30, all: 36 } });
    expect(first.data).toHaveLength(25);
    // Most overdue first.
    expect(first.data[0]).toMatchObject({
      applicant_name: `${name} 029`,
      overdue: true,
      days_left: -15,
      may_decide: true,
      open_stage: { id: 1 },
      label: { rule: 1 },
    });
    expect(first.data.slice(0, 5).map((r: { submitted_by_facility: boolean }) => r.submitted_by_facility)).toEqual([false, false, false, false, true]);
    const second = await list(staff.admin, { q: name, page: 2 });
    expect(second.data.map((r) => r.applicant_name)).toEqual([`${name} 004`, `${name} 003`, `${name} 002`, `${name} 001`, `${name} 000`]);
    expect(second.data.at(-1)).toMatchObject({ days_left: 14, overdue: false });
    expect((await list(staff.admin, { q: name, page: 3 })).data).toEqual([]);

    // "all": newest submission first by default.
    const all = await list(staff.admin, { q: name, tab: "all" });
    expect(all.meta).toMatchObject({ total: 36, pages: 2 });
    expect(all.data[0].applicant_name).toBe(`${name} 000`);
    // Role 4 decides stage 3 too; role 6 sees the three that reached stage 2; role 1 has "all" only.
    expect((await list(staff.subkomite, { q: name })).meta.counts).toEqual({ action: 33, all: 36 });
    expect((await list(staff.kolegium, { q: name })).meta.counts).toEqual({ action: 0, all: 3 });
    const superadmin = await list(staff.superadmin, { q: name, tab: "action" });
    expect(superadmin.meta).toMatchObject({ total: 36, counts: { action: 0, all: 36 } });
    expect(superadmin.data.every((r: { may_decide: boolean }) => !r.may_decide)).toBe(true);
  });

  it("remembers a search's tab counts until this process answers a write, or LIST_COUNTS_TTL_MS passes", async () => {
    const who = tag();
    const first = await submitted("REG", who);
    const counts = async () => (await list(staff.admin, { q: who })).meta.counts;
    expect(await counts()).toEqual({ action: 1, all: 1 });
    // Written past the API (as another instance would): the remembered counts stand, the rows do not.
    const [other] = await api.db.select().from(applications).where(eq(applications.id, first.id));
    const [person] = await api.db
      .insert(users)
      .values({ email: `kedua.${who}@contoh.id`, passwordHash: "x", fullName: "Pengguna Uji", roleId: 3 })
      .returning();
    await api.db.insert(applications).values({
      applicantUserId: person.id,
      submittedByUserId: person.id,
      jalurId: "REG",
      isSubmitted: true,
      status: other.status,
      stageId: other.stageId,
      openStageId: other.openStageId,
      reachedStages: other.reachedStages,
      submittedAt: other.submittedAt,
      stageStartedAt: other.stageStartedAt,
      deadlineAt: other.deadlineAt,
      applicantName: `Budi ${who} kedua`,
      applicantEmail: person.email,
    });
    const page = await list(staff.admin, { q: who, tab: "all" });
    expect(page.data).toHaveLength(2);
    expect(page.meta.counts).toEqual({ action: 1, all: 1 });
    // A decision through the API (a write this process answers): counted again at once.
    await pass(staff.admin, first.id, 1);
    expect(await counts()).toEqual({ action: 1, all: 2 });
    // And the time limit alone: a change past the API shows once LIST_COUNTS_TTL_MS has passed.
    await api.db
      .update(applications)
      .set({ openStageId: null })
      .where(eq(applications.applicantName, `Budi ${who} kedua`));
    expect(await counts()).toEqual({ action: 1, all: 2 });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + LIST_COUNTS_TTL_MS });
    try {
      expect(await counts()).toEqual({ action: 0, all: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("filters by pathway, stage, label and overdue, searches case-insensitively, sorts", async () => {
    const total = async (query: ListQuery) => (await list(staff.superadmin, { q: name, ...query })).meta.total;
    expect(await total({ jalur: "SPE" })).toBe(2);
    expect(await total({ stage: 3 })).toBe(3); // the open stage of the Setara files
    expect(await total({ stage: 11 })).toBe(2); // nothing open: their stored stage
    expect(await total({ label: 5 })).toBe(3);
    expect(await total({ label: 2 })).toBe(2);
    expect(await total({ label: 3 })).toBe(1);
    expect(await total({ label: 1 })).toBe(30);
    expect(await total({ label: 12 })).toBe(0);
    expect(await total({ overdue: 1 })).toBe(16);
    expect(await total({ overdue: 1, jalur: "OTH" })).toBe(0);
    expect((await list(staff.superadmin, { q: name.toUpperCase() })).meta.total).toBe(36);
    expect((await list(staff.superadmin, { q: `${name} 01` })).meta.total).toBe(10);
    expect((await list(staff.superadmin, { q: `${name}%` })).meta.total).toBe(0);
    expect((await list(staff.superadmin, { q: `daftar.${name}.3@` })).meta.total).toBe(1);

    const names = async (query: ListQuery) => (await list(staff.superadmin, { q: name, label: 1, ...query })).data.map((r) => r.applicant_name);
    expect((await names({ sort: "name" })).slice(0, 2)).toEqual([`${name} 000`, `${name} 001`]);
    expect((await names({ sort: "name", dir: "desc" })).slice(0, 2)).toEqual([`${name} 029`, `${name} 028`]);
    expect((await names({ sort: "submitted", dir: "asc" }))[0]).toBe(`${name} 029`);
    expect((await names({ sort: "deadline", dir: "desc" }))[0]).toBe(`${name} 000`);
  });

  it("refuses a bad query with details", async () => {
    // Raw: query values outside the route's (an unknown sort, tab or pathway), which the typed client cannot send.
    const bad = async (query: string) =>
      (await expectError(await api.request(`/api/v1/review/applications?${query}`, { token: staff.admin }), 400, "VALIDATION_ERROR")).error.details!.map(
        (d) => d.path,
      );
    expect(await bad("page=0&sort=umur&dir=up")).toEqual(["page", "sort", "dir"]);
    expect(await bad(`tab=x&jalur=ABC&stage=5&label=14&overdue=ya&q=${"a".repeat(101)}`)).toEqual(["tab", "q", "jalur", "stage", "label", "overdue"]);
    expect(await bad("page=abc")).toEqual(["page"]);
    expect((await list(staff.admin, { q: "", jalur: "" })).meta.page).toBe(1);
  });

  it("exports every row as CSV: BOM, quoted cells, formula guard, all pages", async () => {
    const res = (await api.client().fetchRaw("GET", "/review/applications.csv", { token: staff.admin, query: { tab: "all", q: name, sort: "name" } }))!;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="permohonan-all-\d{8}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe('"Nomor Registrasi","Nama","Surel","Jalur","Tahap","Status","Tanggal Pengajuan","Tenggat","Sisa Hari"');
    expect(lines).toHaveLength(38);
    const line = (text: string) => lines.find((l) => l.includes(text))!;
    expect(line("HYPERLINK")).toMatch(
      new RegExp(
        `^"ADP-\\d{4}-\\d{6}","'=HYPERLINK\\(""http://x""\\) ${name}","daftar\\.${name}\\.35@contoh\\.id","OTH","Pemeriksaan Dokumen","Perbaikan Berkas","\\d{4}-\\d{2}-\\d{2}",,$`,
      ),
    );
    expect(line(`${name} 000`)).toMatch(/^"ADP-[^"]+","[^"]+","[^"]+","REG","Pemeriksaan Dokumen","Dalam Proses","\d{4}-\d{2}-\d{2}","\d{4}-\d{2}-\d{2}",14$/);
    expect(line(`${name} 030`)).toContain(`"REG","Evaluasi Kompetensi","Setara",`);
  });

  it("reads a long export in pages without losing or repeating a row", async () => {
    const bulk = tag();
    const people = await api.db
      .insert(users)
      .values(Array.from({ length: 1010 }, (_, i) => ({ email: `massal.${bulk}.${i}@contoh.id`, passwordHash: "x", fullName: "Pengguna Uji", roleId: 3 })))
      .returning({ id: users.id, email: users.email });
    // Many equal submission times: the id breaks the ties between pages.
    const at = (i: number) => new Date(now - (i % 7) * DAY);
    await api.db.insert(applications).values(
      people.map((p, i) => ({
        applicantUserId: p.id,
        submittedByUserId: p.id,
        jalurId: "REG" as const,
        isSubmitted: true,
        status: "IN-PROGRESS" as const,
        stageId: 1,
        submittedAt: at(i),
        stageStartedAt: at(i),
        openStageId: 1,
        reachedStages: [1],
        deadlineAt: i % 3 === 0 ? null : new Date(at(i).getTime() + 14 * DAY),
        applicantName: `${bulk} ${i}`,
        applicantEmail: p.email,
      })),
    );
    for (const [query, order] of [
      ["sort=submitted", { sort: "submitted" }],
      ["sort=submitted&dir=asc", { sort: "submitted", dir: "asc" }],
      ["sort=deadline", { sort: "deadline" }],
      ["sort=deadline&dir=desc", { sort: "deadline", dir: "desc" }],
      ["sort=name&dir=desc", { sort: "name", dir: "desc" }],
    ] as const) {
      const res = (await api.client().fetchRaw("GET", "/review/applications.csv", { token: staff.subkomite, query: { tab: "all", q: bulk, ...order } }))!;
      const rows = (await res.text()).split("\r\n").slice(1, -1);
      expect(rows).toHaveLength(1010);
      expect(new Set(rows).size).toBe(1010);
      // No deadline counts as the largest: last ascending, first descending.
      if (query === "sort=deadline") expect(rows.slice(-337).every((r) => r.endsWith(",,"))).toBe(true);
      if (query === "sort=deadline&dir=desc") expect(rows.slice(0, 337).every((r) => r.endsWith(",,"))).toBe(true);
    }
    // The list pages agree with the export.
    const page = await list(staff.subkomite, { tab: "all", q: bulk, sort: "deadline", page: 41 });
    expect(page.meta).toMatchObject({ total: 1010, pages: 41 });
    expect(page.data).toHaveLength(10);
    expect(page.data.every((r: { deadline_at: string | null }) => r.deadline_at === null)).toBe(true);
  });

  it("counts days left in whole days (ceil): negative once a day overdue", async () => {
    const id = made[0].id;
    const at = async (deadlineMs: number) => {
      await api.db
        .update(applications)
        .set({ deadlineAt: new Date(deadlineMs) })
        .where(eq(applications.id, id));
      return (await detail(staff.admin, id)).sla;
    };
    expect(await at(Date.now() + 2.5 * DAY)).toMatchObject({ days_left: 3, overdue: false });
    expect(await at(Date.now() - 60 * 60 * 1000)).toMatchObject({ days_left: 0, overdue: true });
    expect(await at(Date.now() - 3.2 * DAY)).toMatchObject({ days_left: -3, overdue: true });
  });
});
