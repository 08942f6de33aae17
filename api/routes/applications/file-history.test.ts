import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirementsFor, type JalurId } from "#domain/documents";
import { pdf } from "../../../tests/fixtures/files";
import { FOREIGN_DOCTOR } from "../../../tests/fixtures/people";
import { createTestApi, expectError, type TestApi } from "../../test/helpers";
import { applicantWithProfile, everyDocument as everyDocumentOf, tag } from "../../test/journeys";

// GET /applications/:id/file-history: every version of every document, for the applicant and the facility
// that registered them only; a replaced version carries the reviewer's reason of the reupload it answered.

let api: TestApi;
let pdfBytes: Buffer;
let institutionId: number;
beforeAll(async () => {
  api = await createTestApi();
  pdfBytes = await pdf();
  institutionId = (await (await api.request("/api/v1/institutions?q=malaya")).json()).data[0].id;
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

const history = (token: string, id: string) => api.request(`/api/v1/applications/${id}/file-history`, { token });

type Version = {
  version: number;
  file_id: string;
  original_name: string;
  uploaded_at: string;
  is_current: boolean;
  replaced_at: string | null;
  replaced_reason: string | null;
};

describe("file history", () => {
  it("lists every version oldest first, with when and why each was replaced; only the owner reads it", async () => {
    const token = await applicant();
    const created = await api.request("/api/v1/applications", { token, json: { jalur_id: "REG" } });
    const { id } = (await created.json()).data as { id: string };
    const up = (path: string, body: FormData) => api.request(`/api/v1/applications/${id}/${path}`, { token, body });
    expect((await up("documents", everyDocument("REG"))).status).toBe(200);
    // The applicant replaces the CV on the draft: no reviewer saw the first, so it is not history.
    expect((await up("documents", one(2, "cv-kedua.pdf", pdfBytes))).status).toBe(200);
    expect((await api.request(`/api/v1/applications/${id}/submit`, { token, json: {} })).status).toBe(200);

    const admin = (await api.login("admin@adaptasi.test")).token;
    const decided = await api.request(`/api/v1/review/applications/${id}/decisions`, {
      token: admin,
      json: { stage_id: 1, decision: "REUPLOAD", note: "CV belum ditandatangani.", documents: [{ requirement_id: 2, reason: "Tanda tangan tidak ada" }] },
    });
    expect(decided.status).toBe(200);
    expect((await up("reupload", one(2, "cv-ditandatangani.pdf", pdfBytes))).status).toBe(200);
    expect((await api.request(`/api/v1/applications/${id}/reupload/submit`, { token, method: "POST" })).status).toBe(200);

    const res = await history(token, id);
    expect(res.status).toBe(200);
    const data = (await res.json()).data as { application_id: string; documents: Array<{ requirement_id: number; name: string; versions: Version[] }> };
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
    const again = await api.request(`/api/v1/review/applications/${id}/decisions`, {
      token: admin,
      json: { stage_id: 1, decision: "REUPLOAD", note: "Masih kurang.", documents: [{ requirement_id: 2, reason: "Tanggal tidak terbaca" }] },
    });
    expect(again.status).toBe(200);
    expect((await up("reupload", one(2, "cv-jelas.pdf", pdfBytes))).status).toBe(200);
    expect((await api.request(`/api/v1/applications/${id}/reupload/submit`, { token, method: "POST" })).status).toBe(200);
    const rounds = ((await (await history(token, id)).json()).data.documents as Array<{ requirement_id: number; versions: Version[] }>).find(
      (d) => d.requirement_id === 2,
    )!;
    expect(rounds.versions.map((v) => [v.version, v.replaced_reason, v.is_current])).toEqual([
      [1, "Tanda tangan tidak ada", false],
      [2, "Tanggal tidak terbaca", false],
      [3, null, true],
    ]);

    // The replaced version downloads for its owner
    expect((await api.request(`/api/v1/files/${v1.file_id}`, { token })).status).toBe(200);

    // Another applicant, a facility, a reviewer: 404, and the old file is not theirs either
    const other = await applicant();
    await expectError(await history(other, id), 404, "NOT_FOUND");
    await expectError(await api.request(`/api/v1/files/${v1.file_id}`, { token: other }), 404, "NOT_FOUND");
    await expectError(await history((await api.login("fasyankes@adaptasi.test")).token, id), 404, "NOT_FOUND");
    await expectError(await history(admin, id), 404, "NOT_FOUND");
    await expectError(await history(token, "not-a-uuid"), 404, "NOT_FOUND");
    expect((await api.request(`/api/v1/applications/${id}/file-history`)).status).toBe(401);
  });

  it("the facility that registered the professional reads its registration's history; another facility gets 404", async () => {
    const facility = (await api.login("fasyankes@adaptasi.test")).token;
    const kinds = (await (await api.request("/api/v1/activity-kinds", { token: facility })).json()).data as Array<{ id: number }>;
    const t = tag();
    const reg = await api.request("/api/v1/registrations", {
      token: facility,
      json: {
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
    const id = (await reg.json()).data.application.id as string;
    expect((await api.request(`/api/v1/applications/${id}/documents`, { token: facility, body: everyDocument("OTH") })).status).toBe(200);

    const res = await history(facility, id);
    expect(res.status).toBe(200);
    const data = (await res.json()).data as { documents: Array<{ versions: Version[] }> };
    expect(data.documents).toHaveLength(requirementsFor("OTH").length);
    expect(data.documents.every((d) => d.versions.length === 1 && d.versions[0].is_current)).toBe(true);

    const otherEmail = `fasyankes.${tag()}@contoh.id`;
    await api.createUser({ email: otherEmail, roleId: 8 });
    await expectError(await history((await api.login(otherEmail)).token, id), 404, "NOT_FOUND");
  });
});
