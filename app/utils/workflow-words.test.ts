import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { LOCALE } from "#domain/constants";
import { roleName } from "#domain/role-words";
import { labelWords } from "#domain/status-label-words";
import { holderRoles } from "#domain/workflow";
import { stageName, stageStatusWords as apiStageStatusWords } from "#domain/workflow-words";
import { i18nConfig } from "~/i18n";
import { roleLabelWords, roleWords } from "./role-name";
import { holderWords, stageStatusWords, stageWords } from "./workflow-words";

const [ID, EN] = LOCALE.SUPPORTED;

async function tOf(lng: string) {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng });
  return i18n.getFixedT(lng);
}

describe("role and stage names in the request's language", () => {
  it("words ids in English", async () => {
    const t = await tOf(EN);
    expect(roleWords(t, 6)).toBe("Collegium");
    expect(roleWords(t, 1, "Adaptation Committee")).toBe("Super Admin Adaptation Committee");
    expect(roleWords(t, 999)).toBeUndefined();
    expect(roleLabelWords(t, { role_id: 4, is_fasyankes: false })).toBe("Organiser");
    expect(roleLabelWords(t, { role_id: 8, is_fasyankes: true })).toBe("Health Facility Admin");
    expect(stageWords(t, 2)).toBe("Equivalence");
    expect(stageWords(t, 99)).toBe("99");
    expect(holderWords(t, holderRoles({ status: "IN-PROGRESS", openStageId: 1 }))).toBe("Admin / Competency Evaluation Sub-Committee");
    expect(stageStatusWords(t, 1, "REUPLOAD")).toBe("Document check — Document Correction");
    expect(stageStatusWords(t, null, null)).toBeNull();
  });

  it("says in Indonesian what the API's own texts say (the data download, the CSV, the mails: one locale file for both)", async () => {
    const t = await tOf(ID);
    for (const role of [1, 2, 3, 4, 5, 6, 7, 8]) expect(roleWords(t, role, "Komite Adaptasi")).toBe(roleName(role, "Komite Adaptasi"));
    for (const stage of [1, 2, 3, 4, 11, 12, 13, 21, 22, 23]) expect(stageWords(t, stage)).toBe(stageName(stage));
    expect(holderWords(t, holderRoles({ status: "IN-PROGRESS", openStageId: 1 }))).toBe("Admin / Sub-Komite Evaluasi Kompetensi");
    expect(holderWords(t, holderRoles({ status: "PASSED", openStageId: 23 }))).toBe("KKI");
    expect(holderWords(t, holderRoles({ status: "REUPLOAD", openStageId: null }))).toBe("Pemohon");
    // Rule 3 'Perbaikan Berkas' at the document check (stage 1, REUPLOAD), as a timeline says it.
    expect(stageStatusWords(t, 1, "REUPLOAD")).toBe(apiStageStatusWords(stageName(1)!, labelWords(3)));
    expect(stageStatusWords(t, 1, "REUPLOAD")).toBe("Pemeriksaan Dokumen — Perbaikan Berkas");
  });
});
