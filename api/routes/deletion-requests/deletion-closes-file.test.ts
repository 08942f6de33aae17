import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "#domain/roles";
import { pdf } from "../../../tests/fixtures/files";
import { applications, auditLog, tusUploads, users } from "../../db/schema";
import { applicantWithProfile } from "../../test/journeys";
import { type ApiQuery, createTestApi, expectError, type TestApi, typedRequest } from "../../test/helpers";
import { tusCreate, tusDraft, tusPatch } from "../../test/tus";

// What an account's deletion takes with it besides its rows: a file under
// review is closed — out of every queue and count, its clock stopped, decided by nobody, its history
// saying why — and an unfinished resumable upload's bytes leave files/tus with the account.

const DAY = 86_400_000;
let api: TestApi;
let superAdmin: string;
let reviewer: string;
beforeAll(async () => {
  api = await createTestApi();
  superAdmin = (await api.login("superadmin@adaptasi.test")).token;
  // Role 2 decides the document check (stage 1).
  reviewer = (await api.login("admin@adaptasi.test")).token;
});
afterAll(() => api?.close());

const listed = async (query: ApiQuery<"GET", "/review/applications">) => {
  const res = await typedRequest(api, "GET", "/review/applications", { query, token: reviewer });
  expect(res.status).toBe(200);
  return (await res.json()) as { data: Array<{ id: string }>; meta: { counts: { action: number; all: number } } };
};
const ids = (page: { data: Array<{ id: string }> }) => page.data.map((r) => r.id);

/** Approves the applicant's own deletion request as the Super Admin. */
async function approvedDeletion(applicantToken: string) {
  const asked = await typedRequest(api, "POST", "/me/deletion-request", { token: applicantToken, body: { note: "Hapus data saya." } });
  expect(asked.status).toBe(201);
  const { data: request } = await asked.json();
  const res = await typedRequest(api, "POST", `/admin/deletion-requests/${request.id}/decision`, {
    token: superAdmin,
    body: { decision: "APPROVE", reason: "Sesuai hak Anda atas data pribadi." },
  });
  expect(res.status).toBe(200);
}

describe("an approved deletion of an applicant whose file is under review", () => {
  it("closes the file: out of the queue and its counts, no deadline, no decision possible, and the history says why", async () => {
    const started = new Date(Date.now() - 20 * DAY);
    const file = await api.submittedFile({
      status: "IN-PROGRESS",
      openStageId: 1,
      stageStartedAt: started,
      deadlineAt: new Date(started.getTime() + 14 * DAY),
    });
    const { token } = await api.login(file.email);
    const before = await listed({ tab: "action", q: file.registrationNumber });
    expect(ids(before)).toEqual([file.id]);
    expect(ids(await listed({ tab: "action", overdue: 1, q: file.registrationNumber }))).toEqual([file.id]);
    const counts = (await listed({ tab: "action" })).meta.counts;

    await approvedDeletion(token);

    // Out of the reviewers' queue, of the overdue list, of the in-progress label, and of the counts.
    expect(ids(await listed({ tab: "action", q: file.registrationNumber }))).toEqual([]);
    expect(ids(await listed({ tab: "all", overdue: 1, q: file.registrationNumber }))).toEqual([]);
    expect(ids(await listed({ tab: "all", label: 1, q: file.registrationNumber }))).toEqual([]);
    expect((await listed({ tab: "action" })).meta.counts.action).toBe(counts.action - 1);
    const [row] = await api.db.select().from(applications).where(eq(applications.id, file.id));
    expect(row).toMatchObject({ status: null, isFinal: true, openStageId: null, deadlineAt: null, stageId: 1, anonymisedAt: expect.any(Date) });

    // Nobody can decide it: the detail offers nothing, no SLA runs, and a decision is refused clearly.
    const detail = await typedRequest(api, "GET", `/review/applications/${file.id}`, { token: reviewer });
    expect(detail.status).toBe(200);
    const body = (await detail.json()).data;
    expect(body.decisions).toEqual([]);
    expect(body.sla).toBeNull();
    await expectError(
      await typedRequest(api, "POST", `/review/applications/${file.id}/decisions`, { token: reviewer, body: { stage_id: 1, decision: "PASSED" } }),
      409,
      "APPLICATION_ANONYMISED",
    );

    // Its history says why, by whom.
    const [superAdminRow] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, "superadmin@adaptasi.test"));
    const trail = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, file.id), eq(auditLog.action, "ACCOUNT_DELETED")));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      actorUserId: superAdminRow.id,
      actorRole: ROLE.SUPER_ADMIN,
      fromStage: 1,
      fromStatus: "IN-PROGRESS",
      toStage: 1,
      toStatus: null,
    });
    expect(body.audit.at(-1)).toMatchObject({ action: "ACCOUNT_DELETED" });
  });

  it("a file waiting for the applicant's reupload leaves that wait too", async () => {
    const file = await api.submittedFile({ status: "REUPLOAD", stageStartedAt: new Date() });
    const { token } = await api.login(file.email);
    await approvedDeletion(token);
    const [row] = await api.db.select().from(applications).where(eq(applications.id, file.id));
    expect(row).toMatchObject({ status: null, isFinal: true, openStageId: null, deadlineAt: null });
  });

  it("a file already decided for good keeps its decision, and gets no closing entry", async () => {
    const file = await api.submittedFile({ status: "FAILED", isFinal: true });
    const { token } = await api.login(file.email);
    await approvedDeletion(token);
    const [row] = await api.db.select().from(applications).where(eq(applications.id, file.id));
    expect(row).toMatchObject({ status: "FAILED", isFinal: true });
    expect(
      await api.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.applicationId, file.id), eq(auditLog.action, "ACCOUNT_DELETED"))),
    ).toEqual([]);
  });
});

describe("an account's unfinished resumable upload goes with the account", () => {
  const tusFiles = () => {
    const dir = path.join(api.filesDir, "tus");
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it("deleted by its owner: the upload's bytes and .json leave files/tus at once", async () => {
    const { token } = await applicantWithProfile(api);
    const application = await tusDraft(api, token);
    const bytes = await pdf();
    const created = await tusCreate(api, token, application, bytes.length + 1000);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const id = location.split("/").pop()!;
    expect((await tusPatch(api, token, location, 0, bytes)).status).toBe(204);
    expect(tusFiles().filter((f) => f.startsWith(id))).toEqual([id, `${id}.json`]);

    const res = await typedRequest(api, "DELETE", "/me/account", { token });
    expect(res.status).toBe(200);
    expect(tusFiles().filter((f) => f.startsWith(id))).toEqual([]);
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.id, id))).toEqual([]);
  });

  it("emptied on an approved request: the reupload it had begun leaves files/tus too", async () => {
    const { token, email } = await applicantWithProfile(api);
    const [me] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [app] = await api.db
      .insert(applications)
      .values({ applicantUserId: me.id, submittedByUserId: me.id, jalurId: "REG", isSubmitted: true, submittedAt: new Date(), stageId: 1, status: "REUPLOAD" })
      .returning();
    // An unfinished upload of the account's, as the tus server records it (the store's files written by hand).
    const id = "ab".repeat(16);
    const dir = path.join(api.filesDir, "tus");
    const { mkdir, writeFile } = await import("node:fs/promises");
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, id), "%PDF-1.4 separuh");
    await writeFile(path.join(dir, `${id}.json`), JSON.stringify({ id, size: 5000, offset: 0, metadata: {}, creation_date: new Date().toISOString() }));
    await api.db.insert(tusUploads).values({ id, accountId: me.id, applicationId: app.id, requirementId: 1, form: "reupload", size: 5000 });

    await approvedDeletion(token);
    expect(tusFiles().filter((f) => f.startsWith(id))).toEqual([]);
    expect(await api.db.select().from(tusUploads).where(eq(tusUploads.id, id))).toEqual([]);
  });
});
