import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirementsFor, type JalurId } from "#domain/documents";
import { pdf } from "../../../tests/fixtures/files";
import { FOREIGN_DOCTOR } from "../../../tests/fixtures/people";
import { answered, createTestApi, expectError, multipart, refused, type TestApi } from "../../test/helpers";
import { applicantWithProfile, everyDocument as everyDocumentOf, tag } from "../../test/journeys";

// GET /applications/:id/file-history: every version of every document, for the applicant and the facility
// that registered them only; a replaced version carries the reviewer's reason of the reupload it answered.

let api: TestApi;
let pdfBytes: Buffer;
let institutionId: number;
beforeAll(async () => {
  api = await createTestApi();
  pdfBytes = await pdf();
  institutionId = answered(await api.client().call("GET", "/institutions", { query: { q: "malaya" } })).data[0].id;
});
afterAll(() => api?.close());

const everyDocument = (jalur: JalurId) => everyDocumentOf(jalur, pdfBytes);

function one(requirementId: number, name: string, data: Buffer): FormData {
  const fd = new FormData();
  fd.append(`doc_${requirementId}`, new Blob([new Uint8Array(data)]), name);
  return fd;
}

/** A fresh applicant with a complete profile, logged in. */
const applicant = async (): Promise<string> => (await applicantWithProfile(api, "Santoso", { emailPrefix: "riwayat" })).token;

const history = (token: string | undefined, id: string) => api.client().call("GET", `/applications/${id}/file-history`, { token });
/** A stored file as the API answers it (the client's fetchRaw). */
const download = async (token: string, fileId: string) => (await api.client().fetchRaw("GET", `/files/${fileId}`, { token }))!;

describe("file history", () => {
  it("lists every version oldest first, with when and why each was replaced; only the owner reads it", async () => {
    const token = await applicant();
    const created = await api.client().call("POST", "/applications", { token, body: { jalur_id: "REG" } });
    const { id } = answered(created).data;
    const up = (path: "documents" | "reupload", body: FormData) => api.client().upload(`/applications/${id}/${path}`, ...multipart(body), { token });
    expect((await up("documents", everyDocument("REG"))).status).toBe(200);
    // The applicant replaces the CV on the draft: no reviewer saw the first, so it is not history.
    expect((await up("documents", one(2, "cv-kedua.pdf", pdfBytes))).status).toBe(200);
    expect((await api.client().call("POST", `/applications/${id}/submit`, { token, body: {} })).status).toBe(200);

    const admin = (await api.login("admin@adaptasi.test")).token;
    const decided = await api.client().call("POST", `/review/applications/${id}/decisions`, {
      token: admin,
      body: { stage_id: 1, decision: "REUPLOAD", note: "CV belum ditandatangani.", documents: [{ requirement_id: 2, reason: "Tanda tangan tidak ada" }] },
    });
    expect(decided.status).toBe(200);
    expect((await up("reupload", one(2, "cv-ditandatangani.pdf", pdfBytes))).status).toBe(200);
    expect((await api.client().call("POST", `/applications/${id}/reupload/submit`, { token })).status).toBe(200);

    const res = await history(token, id);
    expect(res.status).toBe(200);
    const data = answered(res).data;
    expect(data.application_id).toBe(id);
    // Every REG requirement, in the pathway's order
    expect(data.documents.map((d) => d.requirement_id)).toEqual(requirementsFor("REG").map((r) => r.id));
    const cv = data.documents.find((d) => d.requirement_id === 2)!;
    expect(cv.versions.map((v) => [v.version, v.original_name, v.is_current])).toEqual([
      [1, "cv-kedua.pdf", false],
      [2, "cv-ditandatangani.pdf", true],
    ]);
    const [v1, v2] = cv.versions;
    expect(v1).toMatchObject({ replaced_at: v2.uploaded_at, replaced_reason: "Tanda tangan tidak ada" });
    expect(v2).toMatchObject({ replaced_at: null, replaced_reason: null });
    expect(Date.parse(v1.uploaded_at)).toBeLessThanOrEqual(Date.parse(v2.uploaded_at));
    // A document never replaced has its one version
    expect(data.documents.find((d) => d.requirement_id === 1)!.versions).toMatchObject([{ version: 1, is_current: true, replaced_at: null }]);

    // A second round for the same document: each replaced version keeps the reason of its own round
    const again = await api.client().call("POST", `/review/applications/${id}/decisions`, {
      token: admin,
      body: { stage_id: 1, decision: "REUPLOAD", note: "Masih kurang.", documents: [{ requirement_id: 2, reason: "Tanggal tidak terbaca" }] },
    });
    expect(again.status).toBe(200);
    expect((await up("reupload", one(2, "cv-jelas.pdf", pdfBytes))).status).toBe(200);
    expect((await api.client().call("POST", `/applications/${id}/reupload/submit`, { token })).status).toBe(200);
    const rounds = answered(await history(token, id)).data.documents.find((d) => d.requirement_id === 2)!;
    expect(rounds.versions.map((v) => [v.version, v.replaced_reason, v.is_current])).toEqual([
      [1, "Tanda tangan tidak ada", false],
      [2, "Tanggal tidak terbaca", false],
      [3, null, true],
    ]);

    // The replaced version downloads for its owner
    expect((await download(token, v1.file_id)).status).toBe(200);

    // Another applicant, a facility, a reviewer: 404, and the old file is not theirs either
    const other = await applicant();
    refused(await history(other, id), 404, "NOT_FOUND");
    await expectError(await download(other, v1.file_id), 404, "NOT_FOUND");
    refused(await history((await api.login("fasyankes@adaptasi.test")).token, id), 404, "NOT_FOUND");
    refused(await history(admin, id), 404, "NOT_FOUND");
    refused(await history(token, "not-a-uuid"), 404, "NOT_FOUND");
    expect((await history(undefined, id)).status).toBe(401);
  });

  it("the facility that registered the professional reads its registration's history; another facility gets 404", async () => {
    const facility = (await api.login("fasyankes@adaptasi.test")).token;
    const kinds = answered(await api.client().call("GET", "/activity-kinds", { token: facility })).data;
    const t = tag();
    const reg = await api.client().call("POST", "/registrations", {
      token: facility,
      body: {
        full_name: `Maria ${t}`,
        email: `nakes.${t}@contoh.id`,
        ...FOREIGN_DOCTOR,
        identity_number: `P${String(Date.now()).slice(-7)}${t.slice(0, 3).toUpperCase()}`,
        institution_id: institutionId,
        jalur_id: "OTH",
        activity_kind_id: kinds[0].id,
      },
    });
    expect(reg.status).toBe(201);
    const id = answered(reg).data.application.id;
    expect((await api.client().upload(`/applications/${id}/documents`, ...multipart(everyDocument("OTH")), { token: facility })).status).toBe(200);

    const res = await history(facility, id);
    expect(res.status).toBe(200);
    const data = answered(res).data;
    expect(data.documents).toHaveLength(requirementsFor("OTH").length);
    expect(data.documents.every((d) => d.versions.length === 1 && d.versions[0].is_current)).toBe(true);

    const otherEmail = `fasyankes.${tag()}@contoh.id`;
    await api.createUser({ email: otherEmail, roleId: 8 });
    refused(await history((await api.login(otherEmail)).token, id), 404, "NOT_FOUND");
  });
});
