// A reviewer's decision: the words, messages and limits, without zod (the schemas: ./review.ts).

export const DECISION_LABELS = {
  stage_id: "Tahap",
  decision: "Keputusan",
  note: "Catatan untuk pemohon",
  internal_note: "Catatan internal",
  documents: "Dokumen yang perlu diperbaiki",
  reason: "Alasan",
} as const;

export const DECISION_MESSAGES = {
  noteRequired: "Catatan wajib diisi",
  documentsRequired: "Pilih minimal satu dokumen",
  reasonRequired: "Alasan wajib diisi",
} as const;

export const NOTE_MAX = 2000;
export const REASON_MAX = 500;
