// The required documents of each pathway (spec §5, §9). The API seeds its
// document_requirements table from this list; the portal reads it for upload forms.

export const JALUR_IDS = ["REG", "SPE", "OTH"] as const;
export type JalurId = (typeof JALUR_IDS)[number];

export interface DocumentRequirement {
  id: number;
  jalur_id: JalurId;
  name: string;
  description: string | null;
  help_text: string;
  /** in MB */
  max_size: number;
  /** comma-separated, e.g. "jpg,jpeg,png,pdf" */
  allowed_extnames: string;
  order_num: number;
  is_active: boolean;
  is_kek: boolean;
  /** comma-separated */
  allowed_mimetypes: string;
  /** several files are merged into one PDF (5 MB in total) */
  merged: boolean;
}

export const MB = 1024 * 1024;

export const MIN_WORK_EXPERIENCE_YEARS: Readonly<Record<"REG" | "SPE", number>> = { REG: 3, SPE: 5 };

const IMAGE_PDF = {
  allowed_extnames: "jpg,jpeg,png,pdf",
  allowed_mimetypes: "image/jpg,image/jpeg,image/png,application/pdf",
} as const;

const CV = {
  allowed_extnames: "doc,docx,pdf",
  allowed_mimetypes:
    "application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/pdf",
} as const;

const HELP_IMAGE_PDF = "Tipe berkas harus JPG, JPEG, PNG atau PDF. Ukuran berkas maksimal 2MB.";
const HELP_CV = "Tipe berkas harus DOC, DOCX atau PDF. Ukuran berkas maksimal 2MB.";
const HELP_MERGED =
  "Tipe berkas harus JPG, JPEG, PNG atau PDF. Jika terdiri dari beberapa berkas, gabungkan menjadi satu berkas PDF. Ukuran berkas maksimal 5MB.";

type Kind = "image_pdf" | "cv" | "merged";

function requirement(jalur_id: JalurId, id: number, order_num: number, name: string, kind: Kind): DocumentRequirement {
  const common = { id, jalur_id, name, description: null, order_num, is_active: true, is_kek: false };
  switch (kind) {
    case "cv":
      return { ...common, ...CV, help_text: HELP_CV, max_size: 2, merged: false };
    case "merged":
      return { ...common, ...IMAGE_PDF, help_text: HELP_MERGED, max_size: 5, merged: true };
    case "image_pdf":
      return { ...common, ...IMAGE_PDF, help_text: HELP_IMAGE_PDF, max_size: 2, merged: false };
  }
}

// REG and SPE ask for the same documents; only the work experience differs (3 vs 5 years).
function competencyPathway(jalur_id: "REG" | "SPE", firstId: number): DocumentRequirement[] {
  const years = MIN_WORK_EXPERIENCE_YEARS[jalur_id];
  const yearsInWords = years === 3 ? "tiga" : "lima";
  const items: [string, Kind][] = [
    ["Bukti identitas diri yang masih berlaku", "image_pdf"],
    ["Curriculum Vitae (CV)", "cv"],
    [
      "Sertifikat profesi atau yang setara yang menyatakan telah lulus pendidikan di negara asal",
      "merged",
    ],
    [
      "Sertifikat kompetensi atau yang setara yang menyatakan telah lulus uji kompetensi di negara asal",
      "image_pdf",
    ],
    ["Logbook atau yang setara", "merged"],
    [
      `Dokumen pengalaman kerja paling sedikit ${years} (${yearsInWords}) tahun disertai surat izin praktik dari negara asal`,
      "image_pdf",
    ],
    ["Surat keterangan sehat fisik dan jiwa dari instansi yang berwenang", "image_pdf"],
  ];
  return items.map(([name, kind], i) => requirement(jalur_id, firstId + i, i + 1, name, kind));
}

function otherPathway(): DocumentRequirement[] {
  const items: [string, Kind][] = [
    ["Proposal kegiatan", "image_pdf"],
    ["Bukti identitas diri yang masih berlaku", "image_pdf"],
    ["Curriculum Vitae (CV)", "cv"],
    ["Ijazah atau bukti kelulusan dari institusi pendidikan di negara asal", "merged"],
    [
      "Surat keterangan status baik (certificate of good standing) atau surat izin praktik yang masih berlaku dari negara asal",
      "image_pdf",
    ],
    [
      "Surat Tanda Registrasi (STR) yang masih berlaku dari tenaga medis/tenaga kesehatan Warga Negara Indonesia pendamping",
      "image_pdf",
    ],
    [
      "Surat Izin Praktik (SIP) yang masih berlaku dari tenaga medis/tenaga kesehatan Warga Negara Indonesia pendamping",
      "image_pdf",
    ],
    ["Rekomendasi kolegium", "image_pdf"],
  ];
  return items.map(([name, kind], i) => requirement("OTH", 21 + i, i + 1, name, kind));
}

export const DOCUMENT_REQUIREMENTS: readonly DocumentRequirement[] = Object.freeze([
  ...competencyPathway("REG", 1),
  ...competencyPathway("SPE", 11),
  ...otherPathway(),
]);

/** The size limit of a requirement in bytes (2 MB = 2,097,152). */
export function maxBytes(r: Pick<DocumentRequirement, "max_size">): number {
  return r.max_size * MB;
}

/** The active requirements of one pathway, in display order. */
export function requirementsFor(jalur: JalurId): DocumentRequirement[] {
  return DOCUMENT_REQUIREMENTS.filter((r) => r.jalur_id === jalur && r.is_active).sort(
    (a, b) => a.order_num - b.order_num,
  );
}
