import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, applicationDocuments, applications, deletionRequests, files, users } from "../../db/schema";
import { createDiskStorage, type FileStorage } from "../../services/storage/storage";
import { bytesThroughGrace, DELETED_AFTER_GRACE } from "../../test/file-deletions";
import { type ApiBody, type ApiQuery, createTestApi, DEMO_PASSWORD, expectError, type TestApi, typedRequest } from "../../test/helpers";

// A deletion request of an applicant with a submitted application, and the Super Admin's decision.

let api: TestApi;
let storage: FileStorage;
let superAdmin: string;
beforeAll(async () => {
  api = await createTestApi();
  storage = createDiskStorage(api.filesDir);
  superAdmin = (await api.login("superadmin@adaptasi.test")).token;
});
afterAll(() => api?.close());

const mine = (token: string) => typedRequest(api, "GET", "/me/deletion-request", { token });
const ask = (token: string, json: ApiBody<"POST", "/me/deletion-request"> = {}) => typedRequest(api, "POST", "/me/deletion-request", { token, body: json });
const decide = (id: number | string, json: ApiBody<"POST", "/admin/deletion-requests/:id/decision">, token = superAdmin) =>
  typedRequest(api, "POST", `/admin/deletion-requests/${id}/decision`, { token, body: json });
const list = (query: ApiQuery<"GET", "/admin/deletion-requests"> = {}, token = superAdmin) =>
  typedRequest(api, "GET", "/admin/deletion-requests", { query, token });
const stored = (key: string) =>
  storage.read(key).then(
    (r) => (r.stream.destroy(), true),
    (e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? false : Promise.reject(e)),
  );

/** A submitted application with one stored document, and its applicant logged in. */
async function submitted() {
  const file = await api.submittedFile({});
  const key = await storage.putBytes(new TextEncoder().encode("%PDF-1.4 ijazah"));
  const [row] = await api.db
    .insert(files)
    .values({
      storageKey: key,
      size: 15,
      sha256: "0".repeat(64),
      detectedType: "pdf",
      mime: "application/pdf",
      originalName: "ijazah.pdf",
      ownerUserId: file.applicantUserId,
    })
    .returning();
  await api.db.insert(applicationDocuments).values({
    applicationId: file.id,
    requirementId: 1,
    fileId: row.id,
    version: 1,
    originalNames: ["ijazah.pdf"],
    uploadedAt: new Date(),
    replaceable: false,
  });
  const { token } = await api.login(file.email);
  return { ...file, token, key, fileId: row.id };
}

describe("POST/GET /me/deletion-request", () => {
  it("sends one request at a time, with its note, and reads it back", async () => {
    const f = await submitted();
    expect(await (await mine(f.token)).json()).toEqual({ data: { has_submitted: true, latest: null } });
    const res = await ask(f.token, { note: "  Saya sudah bekerja di luar negeri.  " });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({ status: "PENDING", note: "Saya sudah bekerja di luar negeri.", decided_at: null, reason: null });
    await expectError(await ask(f.token), 409, "DELETION_REQUEST_PENDING");
    // Two at once: one wins, the other reads 409 (the partial unique index), never a 500.
    const g = await submitted();
    const both = await Promise.all([ask(g.token), ask(g.token)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await (await mine(f.token)).json()).data.latest).toEqual(data);
  });

  it("tells an applicant who never submitted to delete the account directly, and refuses staff and strangers", async () => {
    const user = await api.createUser({ email: `belum.${Date.now()}@contoh.id` });
    const { token } = await api.login(user.email);
    expect((await (await mine(token)).json()).data).toEqual({ has_submitted: false, latest: null });
    await expectError(await ask(token), 409, "DELETION_REQUEST_NOT_NEEDED");
    await expectError(await ask(superAdmin), 404, "NOT_FOUND");
    await expectError(await mine(superAdmin), 404, "NOT_FOUND");
    await expectError(await typedRequest(api, "POST", "/me/deletion-request", { body: {} }), 401, "INVALID_TOKEN");
  });

  it("refuses a garbled or huge note with 400", async () => {
    const f = await submitted();
    for (const note of ["x".repeat(1001), "baris\u0000nol"]) await expectError(await ask(f.token, { note }), 400, "VALIDATION_ERROR");
    // Raw: notes of a type the route refuses, and malformed JSON.
    for (const note of [42, ["a"]])
      await expectError(await api.request("/api/v1/me/deletion-request", { token: f.token, json: { note } }), 400, "VALIDATION_ERROR");
    const raw = await api.request("/api/v1/me/deletion-request", {
      method: "POST",
      token: f.token,
      headers: { "content-type": "application/json" },
      body: "{bukan json",
    });
    expect(raw.status).toBe(400);
    expect((await (await mine(f.token)).json()).data.latest).toBeNull();
  });
});

describe("the Super Admin's list and decision", () => {
  it("lists pending requests first, for the Super Admin only", async () => {
    const a = await submitted();
    const b = await submitted();
    const ra = (await (await ask(a.token)).json()).data;
    const rb = (await (await ask(b.token)).json()).data;
    await decide(ra.id, { decision: "REJECT", reason: "Berkas masih dalam proses banding." });
    const res = await list({ page: 1 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 25 });
    const statuses = body.data.map((r: { status: string }) => r.status);
    expect(statuses.indexOf("REJECTED")).toBeGreaterThan(statuses.lastIndexOf("PENDING"));
    expect(body.data.find((r: { id: number }) => r.id === rb.id)).toMatchObject({
      status: "PENDING",
      applicant_email: b.email,
      registration_numbers: [b.registrationNumber],
      decided_by_name: null,
    });
    expect(body.data.find((r: { id: number }) => r.id === ra.id)).toMatchObject({ status: "REJECTED", decided_by_name: expect.any(String) });

    for (const email of ["admin@adaptasi.test", "fasyankes@adaptasi.test"]) {
      const { token } = await api.login(email);
      await expectError(await list({}, token), 403, "ADMIN_ROLE_REQUIRED");
      await expectError(await decide(rb.id, { decision: "APPROVE", reason: "Disetujui oleh admin" }, token), 403, "ADMIN_ROLE_REQUIRED");
    }
    await expectError(await list({}, b.token), 403, "ADMIN_ROLE_REQUIRED");
    for (const page of ["x", "-1", "1e3", "9999999"]) await expectError(await list({ page }), 400, "VALIDATION_ERROR");
    for (const id of ["x", "0", "-1", "1e3", "9999999999"]) await expectError(await list({ id }), 400, "VALIDATION_ERROR");
    expect((await (await list({ id: rb.id })).json()).data.map((r: { id: number }) => r.id)).toEqual([rb.id]);
    expect(await (await list({ id: 999999999 })).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await (await list({ page: 999999 })).json()).data).toEqual([]);
    expect((await api.db.select().from(deletionRequests).where(eq(deletionRequests.id, rb.id)))[0].status).toBe("PENDING");
  });

  it("a rejection: the person reads the reason and gets a mail, may ask again; a second decision is 409", async () => {
    const f = await submitted();
    const { data: request } = await (await ask(f.token, { note: "Mohon dihapus" })).json();
    const reason = "  Permohonan Anda masih ditinjau komite.\nSilakan ajukan setelah ada keputusan.  ";
    const res = await decide(request.id, { decision: "REJECT", reason });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ status: "REJECTED", reason: reason.trim() });
    const { data } = await (await mine(f.token)).json();
    expect(data.latest).toMatchObject({ id: request.id, status: "REJECTED", reason: reason.trim(), decided_at: expect.any(String) });
    const mails = await api.mails(f.email);
    const mail = mails.find((m) => m.subject.startsWith("Permintaan hapus akun ditolak"));
    expect(mail?.text).toContain("Permohonan Anda masih ditinjau komite.");
    expect(mail?.text).toContain("/profile/hapus-akun");
    const [audit] = await api.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, f.applicantUserId), eq(adminAuditLog.action, "DELETION_REJECT")));
    expect(audit).toMatchObject({ actorRole: 1, targetType: "user", reason: reason.trim(), details: { deletion_request_id: request.id } });

    await expectError(await decide(request.id, { decision: "APPROVE", reason: "Berubah pikiran" }), 409, "DELETION_REQUEST_DECIDED");
    // The account still stands and may ask again.
    expect((await typedRequest(api, "GET", "/admin/get-me", { token: f.token })).status).toBe(200);
    expect((await ask(f.token)).status).toBe(201);
  });

  it("an approval: mailed with its reason first, then the account is emptied, its files gone and its login refused", async () => {
    const f = await submitted();
    expect(await stored(f.key)).toBe(true);
    const { data: request } = await (await ask(f.token)).json();
    const res = await decide(request.id, { decision: "APPROVE", reason: "Sesuai hak Anda atas data pribadi." });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ status: "APPROVED", reason: "Sesuai hak Anda atas data pribadi." });

    const mail = (await api.mails(f.email)).find((m) => m.subject.startsWith("Permintaan hapus akun disetujui"));
    expect(mail?.text).toContain("Sesuai hak Anda atas data pribadi.");
    expect(await api.db.select().from(files).where(eq(files.id, f.fileId))).toEqual([]);
    // Unreachable at once; the bytes go FILE_DELETE_GRACE_DAYS later (api/services/storage/file-deletions.ts).
    expect(await bytesThroughGrace(api.db, storage, f.key)).toEqual(DELETED_AFTER_GRACE);
    const [person] = await api.db.select().from(users).where(eq(users.id, f.applicantUserId));
    expect(person).toMatchObject({ fullName: "Anonim", isActive: false, nik: null });
    expect(person.email).not.toBe(f.email);
    const [app] = await api.db.select().from(applications).where(eq(applications.id, f.id));
    expect(app).toMatchObject({ applicantName: null, applicantEmail: null, anonymisedAt: expect.any(Date) });
    await expectError(await typedRequest(api, "POST", "/login", { body: { email: f.email, password: DEMO_PASSWORD } }), 401, "INVALID_CREDENTIALS");
    await expectError(await typedRequest(api, "GET", "/admin/get-me", { token: f.token }), 401, "INVALID_TOKEN");
    await expectError(await decide(request.id, { decision: "REJECT", reason: "Sudah terlanjur" }), 409, "DELETION_REQUEST_DECIDED");
    const [audit] = await api.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, f.applicantUserId), eq(adminAuditLog.action, "DELETION_APPROVE")));
    expect(audit).toMatchObject({ details: { deletion_request_id: request.id } });
    // The Super Admin's list keeps the decision, without the person's name.
    const row = (await (await list()).json()).data.find((r: { id: number }) => r.id === request.id);
    expect(row).toMatchObject({ status: "APPROVED", applicant_name: "Anonim" });
  });

  it("answers bad ids and bad decisions with 4xx, never 5xx", async () => {
    const f = await submitted();
    const { data: request } = await (await ask(f.token)).json();
    for (const id of ["abc", "0", "-1", "1.5", "99999999", "9".repeat(30), "%00", "1%20OR%201=1"]) {
      await expectError(await decide(id, { decision: "REJECT", reason: "Alasan yang cukup" }), 404, "NOT_FOUND");
    }
    const bad = [
      {},
      { decision: "REJECT" },
      { decision: "REJECT", reason: "" },
      { decision: "REJECT", reason: "     " },
      { decision: "REJECT", reason: "abc" },
      { decision: "REJECT", reason: "x".repeat(1001) },
      { decision: "REJECT", reason: "alasan\u0007aneh" },
      { decision: "MAYBE", reason: "Alasan yang cukup" },
      { decision: "APPROVE", reason: 12345 },
      [],
    ];
    // Raw: decisions of the wrong shape or type, which the route's type refuses.
    for (const json of bad)
      await expectError(await api.request(`/api/v1/admin/deletion-requests/${request.id}/decision`, { token: superAdmin, json }), 400, "VALIDATION_ERROR");
    expect((await api.db.select().from(deletionRequests).where(eq(deletionRequests.id, request.id)))[0].status).toBe("PENDING");
  });
});
