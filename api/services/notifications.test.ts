import { describe, expect, it } from "vitest";
import { decisionMail, facilityVerificationMail, submittedMail, type Addressed, type DecisionNotice } from "./notifications";

// Every review notification, built from fixed inputs without a database, snapshotted whole (subject,
// text, HTML): a change to any word a recipient reads shows up here, and moving the texts into
// locales/*/mail.json must leave each mail byte-identical.

const URL = "https://adaptasi.example.go.id/";
/** A name with every character the HTML escapes, to show it is escaped wherever it appears. */
const APPLICANT: Addressed = {
  to: { email: "ana@contoh.id", name: `Ana <b>"Bo"</b> & 'Cy'` },
  onBehalfOf: null,
  registrationNumber: "REG-2026-000123",
  jalurId: "REG",
  stageId: 1,
};
/** The same kind of application registered by a facility admin: the mail goes to the facility. */
const FACILITY: Addressed = {
  to: { email: "admin@rs-sehat.id", name: "Admin RS Sehat" },
  onBehalfOf: "dr. Budi <Santoso>",
  registrationNumber: "SPE-2026-000045",
  jalurId: "SPE",
  stageId: 11,
};

const decision = (d: Partial<DecisionNotice> & Pick<DecisionNotice, "stageId" | "decision">): DecisionNotice => ({
  note: null,
  documents: [],
  opens: null,
  ...d,
});
const NO_NAMES = new Map<number, string>();

describe("application mails", () => {
  it("submitted, to the applicant", () => {
    expect(submittedMail(APPLICANT, URL)).toMatchSnapshot();
  });

  it("submitted, to the facility on behalf of the applicant", () => {
    expect(submittedMail(FACILITY, URL)).toMatchSnapshot();
  });

  it("submitted, other pathway", () => {
    expect(submittedMail({ ...APPLICANT, jalurId: "OTH", stageId: 21 }, URL)).toMatchSnapshot();
  });

  it("passed, with the next stage", () => {
    expect(decisionMail(APPLICANT, decision({ stageId: 2, decision: "PASSED", opens: 3, note: "Dokumen lengkap & sesuai." }), NO_NAMES, URL)).toMatchSnapshot();
  });

  it("passed, the last stage", () => {
    expect(decisionMail(APPLICANT, decision({ stageId: 4, decision: "PASSED" }), NO_NAMES, URL)).toMatchSnapshot();
  });

  it("failed", () => {
    expect(decisionMail(APPLICANT, decision({ stageId: 3, decision: "FAILED", note: "Hasil uji\ndi bawah batas." }), NO_NAMES, URL)).toMatchSnapshot();
  });

  it("failed, to the facility on behalf of the applicant", () => {
    expect(decisionMail(FACILITY, decision({ stageId: 11, decision: "FAILED" }), NO_NAMES, URL)).toMatchSnapshot();
  });

  it("reupload of two documents with a note (one whose name is not known)", () => {
    const d = decision({
      stageId: 1,
      decision: "REUPLOAD",
      note: "Mohon unggah <versi> terbaru.",
      documents: [
        { requirement_id: 5, reason: "Pindaian buram" },
        { requirement_id: 9, reason: "Masa berlaku habis" },
      ],
    });
    expect(decisionMail(APPLICANT, d, new Map([[5, "Ijazah"]]), URL)).toMatchSnapshot();
  });

  it("reupload, to the facility on behalf of the applicant", () => {
    const d = decision({ stageId: 11, decision: "REUPLOAD", documents: [{ requirement_id: 7, reason: "Tidak terbaca" }] });
    expect(decisionMail(FACILITY, d, new Map([[7, "STR"]]), URL)).toMatchSnapshot();
  });
});

describe("facility verification mails", () => {
  const to = { email: "admin@rs-sehat.id", name: "Admin RS Sehat" };

  it("verified", () => {
    expect(facilityVerificationMail({ to, facilityName: "RS Sehat & Bahagia", approved: true, reason: null }, URL)).toMatchSnapshot();
  });

  it("verified, with a note", () => {
    expect(facilityVerificationMail({ to, facilityName: "RS Sehat", approved: true, reason: "Data sudah lengkap." }, URL)).toMatchSnapshot();
  });

  it("rejected, with its reason", () => {
    expect(facilityVerificationMail({ to, facilityName: "RS Sehat", approved: false, reason: "Nomor izin <tidak> sesuai." }, URL)).toMatchSnapshot();
  });
});
