// The applicant's own small forms (SPE extras and the pathway choice): their words, without zod (the
// schemas: ./applicant.ts).

export const PORTFOLIO_LABELS = { kind: "Jenis", title: "Judul", institution: "Institusi", year: "Tahun", description: "Keterangan" } as const;

export const ACHIEVEMENT_LABELS = { type_code: "Jenis Capaian", title: "Judul", year: "Tahun", description: "Keterangan" } as const;

export const PATHWAY_LABEL = "Jalur pendaftaran";
