// The additional-document request's words, without zod (the schema: ./additional.ts).

export const ADDITIONAL_LABELS = {
  title: "Nama Dokumen",
  description: "Keterangan",
  file: "Berkas",
} as const;
