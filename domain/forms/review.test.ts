import { describe, expect, it } from "vitest";
import { decisionBody, decisionBodySchema, decisionFormSchema } from "./review";
import { messageText as worded } from "../validation-details";

const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.error!.issues.map((i) => `${i.path.map(String).join(".")}: ${worded(i.message)}`);

describe("decisionFormSchema", () => {
  it("takes a pass without a note", () => {
    const v = decisionFormSchema.parse({ stage_id: "1", decision: "PASSED", documents: [{ requirement_id: "3" }] });
    expect(decisionBody(v).body).toEqual({ stage_id: 1, decision: "PASSED", note: undefined, internal_note: undefined, documents: undefined });
  });

  it("asks a note for FAILED and REUPLOAD, a document and a reason per ticked document for REUPLOAD", () => {
    expect(messages(decisionFormSchema.safeParse({ stage_id: "1", decision: "FAILED", note: "  " }))).toEqual(["note: Catatan wajib diisi"]);
    const r = decisionFormSchema.safeParse({
      stage_id: "1",
      decision: "REUPLOAD",
      note: "Perbaiki",
      documents: [{ requirement_id: "1" }, { requirement_id: "2" }],
    });
    expect(messages(r)).toEqual(["documents: Pilih minimal satu dokumen"]);
    const r2 = decisionFormSchema.safeParse({
      stage_id: "1",
      decision: "REUPLOAD",
      note: "Perbaiki",
      documents: [{ requirement_id: "1" }, { requirement_id: "2", selected: "on" }],
    });
    expect(messages(r2)).toEqual(["documents.1.reason: Alasan wajib diisi"]);
  });

  it("sends only the ticked documents and remembers the row each came from", () => {
    const v = decisionFormSchema.parse({
      stage_id: "11",
      decision: "REUPLOAD",
      note: "Dokumen kurang jelas",
      internal_note: "cek ulang",
      documents: [
        { requirement_id: "1", reason: "abaikan" },
        { requirement_id: "6", selected: "on", reason: " Buram " },
      ],
    });
    expect(decisionBody(v)).toEqual({
      body: {
        stage_id: 11,
        decision: "REUPLOAD",
        note: "Dokumen kurang jelas",
        internal_note: "cek ulang",
        documents: [{ requirement_id: 6, reason: "Buram" }],
      },
      rows: [1],
    });
  });

  it("refuses an unknown decision, a bad stage and over-long notes", () => {
    const r = decisionFormSchema.safeParse({ stage_id: "x", decision: "MAYBE", note: "n".repeat(2001) });
    expect(
      messages(r)
        .map((m) => m.split(":")[0])
        .sort(),
    ).toEqual(["decision", "note", "stage_id"]);
    expect(messages(decisionFormSchema.safeParse({ stage_id: "1" }))).toContain("decision: Keputusan harus diisi");
  });
});

describe("decisionBodySchema", () => {
  it("is the API's JSON: documents with reasons, the same rules", () => {
    expect(decisionBodySchema.parse({ stage_id: 1, decision: "REUPLOAD", note: "x", documents: [{ requirement_id: 2, reason: "buram" }] }).documents).toEqual([
      { requirement_id: 2, reason: "buram" },
    ]);
    expect(messages(decisionBodySchema.safeParse({ stage_id: 1, decision: "REUPLOAD", note: "x" }))).toEqual(["documents: Pilih minimal satu dokumen"]);
    expect(messages(decisionBodySchema.safeParse({ stage_id: 1, decision: "REUPLOAD", note: "x", documents: [{ requirement_id: 2, reason: "" }] }))).toEqual([
      "documents.0.reason: Alasan wajib diisi",
    ]);
  });
});
