import { createHash } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { PDFDocument, StandardFonts, degrees, rgb } from "pdf-lib";
import type { JalurId } from "#domain/documents";
import type { Gender } from "#domain/forms/profile.labels";
import { ROLE } from "#domain/roles";
import { firstStage, openStage, stageById, type Decision, type WorkflowState } from "#domain/workflow";
import { stageName } from "#domain/workflow-words";
import { appendAudit, decideApplication } from "../services/workflow";
import { applicantColumns, reviewColumnsNow } from "../services/review-state";
import { clockStartOf } from "../services/stage-clock";
import type { FileStorage } from "../services/storage/storage";
import { MIME_OF } from "../services/uploads/file-type";
import type { Database } from "../db/client";
import {
  applicantProfiles,
  applicationDocuments,
  applications,
  auditLog,
  documentRequirements,
  files,
  institutions,
  reuploadRequests,
  specializations,
  users,
} from "../db/schema";

// DESIGN §7: demo applications that between them show every row of the spec §4 status-label table,
// so the reviewers' lists have something to show. Each one is driven through the real workflow:
// draft with its documents, submission, then decideApplication() by the demo reviewer of each stage;
// afterwards the timeline is moved back over the last ~40 days so deadlines and "overdue" are varied.

const DEMO_APPLICATIONS_LOCK = 72_026_003;
const DAY = 24 * 60 * 60 * 1000;
const FACILITY_ADMIN = "fasyankes@adaptasi.test";

interface DemoDecision {
  decision: Decision;
  /** days after the previous step (submission or decision) */
  afterDays: number;
  /** document checks: admin (2) by default, or the Sub-Komite Evaluasi Kompetensi (4) */
  by?: "admin" | "subkomite";
  note?: string;
  internalNote?: string;
  /** REUPLOAD: the documents sent back */
  documents?: { requirementId: number; reason: string }[];
}

interface DemoApplicant {
  email: string;
  name: string;
  /** Indonesian citizens (NIK) graduated abroad, or foreign nationals (passport + country) */
  identity: { nik: string } | { passport: string; nationality: string };
  birthPlace: string;
  birthDate: string;
  gender: Gender;
  address: string;
  phone: string;
  institution: string;
  graduationYear: number;
  specialization?: string;
}

export interface DemoApplication {
  applicant: DemoApplicant;
  jalur: JalurId;
  /** registered by the verified facility admin instead of the applicant */
  byFacility?: boolean;
  /** days ago the draft was started; a draft only has some of its documents */
  draftDaysAgo: number;
  /** days ago it was submitted; absent for a draft */
  submittedDaysAgo?: number;
  decisions: DemoDecision[];
  /** the spec §4 rule its label comes from (seed.test.ts checks it) */
  rule: number;
}

export const DEMO_APPLICATIONS: readonly DemoApplication[] = [
  {
    rule: 12,
    jalur: "REG",
    draftDaysAgo: 2,
    decisions: [],
    applicant: {
      email: "pemohon.demo01@adaptasi.test",
      name: "dr. Rizky Ramadhan",
      identity: { nik: "3273011505920003" },
      birthPlace: "Bandung",
      birthDate: "1992-05-15",
      gender: "L",
      address: "Jl. Dipatiukur No. 35, Bandung 40132",
      phone: "081322110045",
      institution: "Cairo University — Faculty of Medicine (Kasr Al Ainy)",
      graduationYear: 2018,
    },
  },
  {
    rule: 1,
    jalur: "REG",
    draftDaysAgo: 9,
    submittedDaysAgo: 4,
    decisions: [],
    applicant: {
      email: "pemohon.demo02@adaptasi.test",
      name: "dr. Putri Anggraini",
      identity: { nik: "3578026208930002" },
      birthPlace: "Surabaya",
      birthDate: "1993-08-22",
      gender: "P",
      address: "Jl. Raya Darmo No. 112, Surabaya 60264",
      phone: "081233450987",
      institution: "Universiti Kebangsaan Malaysia — Faculty of Medicine",
      graduationYear: 2019,
    },
  },
  {
    rule: 3,
    jalur: "SPE",
    draftDaysAgo: 24,
    submittedDaysAgo: 19,
    decisions: [
      {
        decision: "REUPLOAD",
        afterDays: 6,
        by: "subkomite",
        note: "Dua dokumen perlu diperbaiki; lihat alasan pada setiap dokumen lalu unggah ulang.",
        internalNote: "Dokumen lain lengkap; setelah perbaikan dapat langsung diteruskan ke evaluasi kompetensi.",
        documents: [
          { requirementId: 15, reason: "Logbook belum ditandatangani dan distempel oleh pembimbing klinik." },
          { requirementId: 17, reason: "Surat keterangan sehat terbit lebih dari enam bulan yang lalu; lampirkan yang terbaru." },
        ],
      },
    ],
    applicant: {
      email: "pemohon.demo03@adaptasi.test",
      name: "dr. Fajar Nugroho, Sp.OG",
      identity: { nik: "3374031107870001" },
      birthPlace: "Semarang",
      birthDate: "1987-07-11",
      gender: "L",
      address: "Jl. Pandanaran No. 88, Semarang 50241",
      phone: "082134567812",
      institution: "Wuhan University School of Medicine",
      graduationYear: 2016,
      specialization: "Obstetri dan Ginekologi",
    },
  },
  {
    rule: 2,
    jalur: "OTH",
    draftDaysAgo: 31,
    submittedDaysAgo: 27,
    decisions: [
      {
        decision: "FAILED",
        afterDays: 9,
        note: "Proposal kegiatan tidak menyebutkan fasilitas pelayanan kesehatan tujuan dan masa kegiatan, dan rekomendasi kolegium tidak dilampirkan.",
        internalNote: "Pemohon sudah dihubungi; rekomendasi kolegium memang belum terbit. Dapat mengajukan permohonan baru.",
      },
    ],
    applicant: {
      email: "pemohon.demo04@adaptasi.test",
      name: "Dr. Ahmed Hassan",
      identity: { passport: "A27845163", nationality: "EG" },
      birthPlace: "Giza",
      birthDate: "1984-02-09",
      gender: "L",
      address: "Jl. Sultan Iskandar Muda No. 17, Jakarta Selatan 12240",
      phone: "201001234567",
      institution: "Cairo University — Faculty of Medicine (Kasr Al Ainy)",
      graduationYear: 2008,
    },
  },
  {
    rule: 11,
    jalur: "REG",
    draftDaysAgo: 44,
    submittedDaysAgo: 40,
    decisions: [{ decision: "PASSED", afterDays: 5, by: "subkomite" }],
    applicant: {
      email: "pemohon.demo05@adaptasi.test",
      name: "dr. Dimas Saputra",
      identity: { nik: "3171052303910004" },
      birthPlace: "Jakarta",
      birthDate: "1991-03-23",
      gender: "L",
      address: "Jl. Tebet Barat Dalam Raya No. 41, Jakarta Selatan 12810",
      phone: "081298765431",
      institution: "I.M. Sechenov First Moscow State Medical University",
      graduationYear: 2017,
    },
  },
  {
    rule: 4,
    jalur: "REG",
    draftDaysAgo: 41,
    submittedDaysAgo: 38,
    decisions: [
      { decision: "PASSED", afterDays: 4 },
      {
        decision: "FAILED",
        afterDays: 12,
        note: "Masa kepaniteraan klinik 12 bulan, di bawah standar minimal 24 bulan; pendidikan belum setara.",
        internalNote: "Diputuskan dalam rapat pleno kolegium.",
      },
    ],
    applicant: {
      email: "pemohon.demo06@adaptasi.test",
      name: "dr. Ayu Kartika Sari",
      identity: { nik: "5171044409940001" },
      birthPlace: "Denpasar",
      birthDate: "1994-09-04",
      gender: "P",
      address: "Jl. Teuku Umar No. 201, Denpasar 80114",
      phone: "081338901276",
      institution: "Zhejiang University School of Medicine",
      graduationYear: 2020,
    },
  },
  {
    rule: 5,
    jalur: "REG",
    draftDaysAgo: 39,
    submittedDaysAgo: 36,
    decisions: [
      { decision: "PASSED", afterDays: 3 },
      { decision: "PASSED", afterDays: 10 },
    ],
    applicant: {
      email: "pemohon.demo07@adaptasi.test",
      name: "dr. Muhammad Iqbal",
      identity: { nik: "1171020612900002" },
      birthPlace: "Banda Aceh",
      birthDate: "1990-12-06",
      gender: "L",
      address: "Jl. Teuku Nyak Arief No. 9, Banda Aceh 23111",
      phone: "085260114321",
      institution: "Al-Azhar University — Faculty of Medicine",
      graduationYear: 2016,
    },
  },
  {
    rule: 6,
    jalur: "SPE",
    draftDaysAgo: 35,
    submittedDaysAgo: 33,
    decisions: [
      { decision: "PASSED", afterDays: 5 },
      {
        decision: "FAILED",
        afterDays: 14,
        note: "Hasil evaluasi kompetensi (uji tulis dan OSCE) belum memenuhi standar kompetensi dokter spesialis.",
        internalNote: "Nilai OSCE 61, batas lulus 70.",
      },
    ],
    applicant: {
      email: "pemohon.demo08@adaptasi.test",
      name: "Dr. Rajesh Kumar",
      identity: { passport: "Z4382917", nationality: "IN" },
      birthPlace: "New Delhi",
      birthDate: "1982-11-30",
      gender: "L",
      address: "Jl. Kuningan Barat No. 26, Jakarta Selatan 12710",
      phone: "919810012345",
      institution: "All India Institute of Medical Sciences, New Delhi",
      graduationYear: 2006,
      specialization: "Ilmu Penyakit Jantung dan Pembuluh Darah",
    },
  },
  {
    rule: 7,
    jalur: "OTH",
    draftDaysAgo: 42,
    submittedDaysAgo: 39,
    decisions: [
      { decision: "PASSED", afterDays: 4 },
      { decision: "PASSED", afterDays: 9 },
    ],
    applicant: {
      email: "pemohon.demo09@adaptasi.test",
      name: "Dr. Nguyen Thi Lan",
      identity: { passport: "C1234567", nationality: "VN" },
      birthPlace: "Hanoi",
      birthDate: "1986-04-18",
      gender: "P",
      address: "Jl. Gajah Mada No. 150, Medan 20153",
      phone: "84912345678",
      institution: "Hanoi Medical University",
      graduationYear: 2010,
    },
  },
  {
    rule: 8,
    jalur: "OTH",
    draftDaysAgo: 43,
    submittedDaysAgo: 40,
    decisions: [
      { decision: "PASSED", afterDays: 3 },
      { decision: "PASSED", afterDays: 8 },
      {
        decision: "FAILED",
        afterDays: 10,
        note: "Fasilitas pelayanan kesehatan tujuan belum memenuhi syarat sebagai tempat kegiatan (belum terakreditasi).",
      },
    ],
    applicant: {
      email: "pemohon.demo10@adaptasi.test",
      name: "Dr. Kenji Watanabe",
      identity: { passport: "TK5520931", nationality: "JP" },
      birthPlace: "Osaka",
      birthDate: "1979-06-02",
      gender: "L",
      address: "Jl. M.H. Thamrin No. 1, Jakarta Pusat 10310",
      phone: "819012345678",
      institution: "The University of Tokyo — Faculty of Medicine",
      graduationYear: 2004,
    },
  },
  {
    rule: 9,
    jalur: "OTH",
    draftDaysAgo: 38,
    submittedDaysAgo: 37,
    decisions: [
      { decision: "PASSED", afterDays: 2 },
      { decision: "PASSED", afterDays: 7 },
      { decision: "PASSED", afterDays: 12, note: "Kegiatan layak dilaksanakan sesuai proposal selama 12 bulan." },
    ],
    applicant: {
      email: "pemohon.demo11@adaptasi.test",
      name: "Dr. Jana Novakova",
      identity: { passport: "45128836", nationality: "CZ" },
      birthPlace: "Praha",
      birthDate: "1985-01-27",
      gender: "P",
      address: "Jl. Diponegoro No. 71, Yogyakarta 55231",
      phone: "420602123456",
      institution: "Charles University — First Faculty of Medicine",
      graduationYear: 2010,
    },
  },
  {
    rule: 10,
    jalur: "SPE",
    draftDaysAgo: 45,
    submittedDaysAgo: 40,
    decisions: [
      { decision: "PASSED", afterDays: 3 },
      { decision: "PASSED", afterDays: 10 },
      { decision: "PASSED", afterDays: 14, note: "Telah mengikuti seluruh rangkaian pembekalan." },
    ],
    applicant: {
      email: "pemohon.demo12@adaptasi.test",
      name: "dr. Hendra Gunawan, Sp.JP",
      identity: { nik: "6471051808850002" },
      birthPlace: "Balikpapan",
      birthDate: "1985-08-18",
      gender: "L",
      address: "Jl. Jenderal Sudirman No. 45, Balikpapan 76114",
      phone: "081254321098",
      institution: "University of Melbourne — Melbourne Medical School",
      graduationYear: 2012,
      specialization: "Ilmu Penyakit Jantung dan Pembuluh Darah",
    },
  },
  {
    rule: 13,
    jalur: "REG",
    draftDaysAgo: 42,
    submittedDaysAgo: 40,
    decisions: [
      { decision: "PASSED", afterDays: 2 },
      { decision: "PASSED", afterDays: 8 },
      { decision: "PASSED", afterDays: 10 },
      {
        decision: "FAILED",
        afterDays: 12,
        note: "Kehadiran pembekalan 60%, di bawah syarat minimal 90%.",
        internalNote: "Dua kali tidak hadir tanpa keterangan.",
      },
    ],
    applicant: {
      email: "pemohon.demo13@adaptasi.test",
      name: "dr. Nadia Rahmawati",
      identity: { nik: "3471064101950003" },
      birthPlace: "Yogyakarta",
      birthDate: "1995-01-01",
      gender: "P",
      address: "Jl. Kaliurang Km 5 No. 12, Sleman 55281",
      phone: "087839001122",
      institution: "Semmelweis University",
      graduationYear: 2020,
    },
  },
  // Foreign professionals registered by the verified facility admin (DESIGN §4, role 8).
  {
    rule: 1,
    jalur: "OTH",
    byFacility: true,
    draftDaysAgo: 22,
    submittedDaysAgo: 20,
    decisions: [],
    applicant: {
      email: "pemohon.demo14@adaptasi.test",
      name: "Dr. Li Wei",
      identity: { passport: "E87421563", nationality: "CN" },
      birthPlace: "Beijing",
      birthDate: "1983-10-12",
      gender: "L",
      address: "RS Mitra Sehat, Jl. Letjen S. Parman Kav. 87, Jakarta Barat 11420",
      phone: "8613912345678",
      institution: "Peking University Health Science Center",
      graduationYear: 2007,
    },
  },
  {
    rule: 11,
    jalur: "SPE",
    byFacility: true,
    draftDaysAgo: 27,
    submittedDaysAgo: 25,
    decisions: [{ decision: "PASSED", afterDays: 6 }],
    applicant: {
      email: "pemohon.demo15@adaptasi.test",
      name: "Dr. Kim Min-jun",
      identity: { passport: "M12345678", nationality: "KR" },
      birthPlace: "Seoul",
      birthDate: "1981-03-05",
      gender: "L",
      address: "RS Mitra Sehat, Jl. Letjen S. Parman Kav. 87, Jakarta Barat 11420",
      phone: "821012345678",
      institution: "Seoul National University College of Medicine",
      graduationYear: 2006,
      specialization: "Anestesiologi dan Terapi Intensif",
    },
  },
  {
    rule: 3,
    jalur: "REG",
    byFacility: true,
    draftDaysAgo: 18,
    submittedDaysAgo: 17,
    decisions: [
      {
        decision: "REUPLOAD",
        afterDays: 5,
        note: "Bukti identitas tidak terbaca; mohon unggah ulang.",
        documents: [{ requirementId: 1, reason: "Hasil pindaian paspor buram; halaman identitas tidak terbaca." }],
      },
    ],
    applicant: {
      email: "pemohon.demo16@adaptasi.test",
      name: "Dr. Olga Petrova",
      identity: { passport: "753184920", nationality: "RU" },
      birthPlace: "Moskva",
      birthDate: "1988-12-14",
      gender: "P",
      address: "RS Mitra Sehat, Jl. Letjen S. Parman Kav. 87, Jakarta Barat 11420",
      phone: "79161234567",
      institution: "Pirogov Russian National Research Medical University",
      graduationYear: 2012,
    },
  },
  {
    // Waiting for the Sub-Komite Pembekalan, so every reviewing role has a file to act on.
    rule: 7,
    jalur: "SPE",
    draftDaysAgo: 33,
    submittedDaysAgo: 30,
    decisions: [
      { decision: "PASSED", afterDays: 4, by: "subkomite" },
      { decision: "PASSED", afterDays: 12 },
    ],
    applicant: {
      email: "pemohon.demo17@adaptasi.test",
      name: "dr. Sri Wahyuni, Sp.A",
      identity: { nik: "7371045512860001" },
      birthPlace: "Makassar",
      birthDate: "1986-12-15",
      gender: "P",
      address: "Jl. Andi Pangeran Pettarani No. 56, Makassar 90222",
      phone: "081342556701",
      institution: "Universiti Sains Malaysia — School of Medical Sciences",
      graduationYear: 2014,
      specialization: "Ilmu Kesehatan Anak",
    },
  },
];

/** A note for the applicant where the demo data gives none: required for FAILED and REUPLOAD. */
const DEFAULT_NOTES: Record<string, string> = {
  "Pemeriksaan Dokumen:PASSED": "Berkas lengkap dan sesuai persyaratan.",
  "Penyetaraan:PASSED": "Kurikulum dan lama pendidikan setara dengan standar pendidikan profesi di Indonesia.",
  "Evaluasi Kompetensi:PASSED": "Lulus evaluasi kompetensi (uji tulis dan OSCE).",
  "Pembekalan:PASSED": "Telah mengikuti pembekalan.",
  "Kelayakan:PASSED": "Kegiatan layak dilaksanakan.",
};

// File names an applicant might give each document, by its order in the pathway.
const FILE_NAMES: Record<JalurId, string[]> = {
  REG: ["identitas", "curriculum-vitae", "sertifikat-profesi", "sertifikat-kompetensi", "logbook", "pengalaman-kerja", "surat-keterangan-sehat"],
  SPE: ["identitas", "curriculum-vitae", "sertifikat-profesi", "sertifikat-kompetensi", "logbook", "pengalaman-kerja", "surat-keterangan-sehat"],
  OTH: ["proposal-kegiatan", "identitas", "curriculum-vitae", "ijazah", "good-standing", "str-pendamping", "sip-pendamping", "rekomendasi-kolegium"],
};

/** Characters outside the standard PDF fonts' encoding would make pdf-lib throw. */
const winAnsi = (text: string) => text.normalize("NFKD").replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014]/g, "");

/** A one-page PDF standing in for a real document; it says plainly that it is demo data. */
async function demoPdf(title: string, applicant: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(title));
  doc.setCreator("Adaptasi Nakes LLN — data demo");
  const page = doc.addPage([595, 842]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText("CONTOH — DATA DEMO", { x: 150, y: 420, size: 40, font: bold, color: rgb(0.9, 0.9, 0.9), rotate: degrees(35) });
  let y = 770;
  const line = (text: string, size: number, font = regular) => {
    // Wrapped at ~85 characters so long requirement names stay on the page.
    for (const part of winAnsi(text).match(/.{1,85}(\s|$)/g) ?? [""]) {
      page.drawText(part.trim(), { x: 56, y, size, font });
      y -= size + 8;
    }
  };
  line(title, 15, bold);
  y -= 10;
  line(`Nama: ${applicant}`, 11);
  y -= 10;
  line("Dokumen ini dibuat otomatis untuk demonstrasi portal Adaptasi Nakes LLN dan tidak berlaku sebagai dokumen resmi.", 10);
  return doc.save({ useObjectStreams: false });
}

const STAFF_EMAILS = [
  "admin@adaptasi.test",
  "subkomite@adaptasi.test",
  "pembekalan@adaptasi.test",
  "kolegium@adaptasi.test",
  "kki@adaptasi.test",
  FACILITY_ADMIN,
];

/** The demo staff accounts, or null when there is nothing to do (seeded already, or not the demo database). */
async function demoStaff(db: Database) {
  const marker = DEMO_APPLICATIONS[0].applicant.email;
  const rows = await db
    .select({ id: users.id, email: users.email, roleId: users.roleId, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, [...STAFF_EMAILS, marker]));
  if (rows.some((u) => u.email === marker) || rows.length !== STAFF_EMAILS.length) return null;
  return rows;
}

/**
 * Seeds the demo applications once (the marker is the first demo applicant's account), and only
 * where the demo staff accounts exist. About a second: the documents are rendered and stored
 * before the one transaction, which holds everything else.
 */
export async function seedDemoApplications(db: Database, storage: FileStorage, options: { now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  if (!(await demoStaff(db))) return;

  const requirements = await db.select().from(documentRequirements).where(eq(documentRequirements.isActive, true)).orderBy(asc(documentRequirements.orderNum));
  // Documents: all of the pathway's for a submitted file, the first three for a draft.
  const stored = await Promise.all(
    DEMO_APPLICATIONS.map((demo) => {
      const all = requirements.filter((r) => r.jalurId === demo.jalur);
      return Promise.all(
        (demo.submittedDaysAgo === undefined ? all.slice(0, 3) : all).map(async (r) => {
          const bytes = await demoPdf(r.name, demo.applicant.name);
          return {
            requirementId: r.id,
            key: await storage.putBytes(bytes),
            size: bytes.byteLength,
            sha256: createHash("sha256").update(bytes).digest("hex"),
            originalName: `${FILE_NAMES[demo.jalur][r.orderNum - 1] ?? `dokumen-${r.orderNum}`}.pdf`,
          };
        }),
      );
    }),
  );
  const removeStored = () => Promise.all(stored.flat().map((f) => storage.remove(f.key)));

  let seeded = false;
  try {
    seeded = await db.transaction(async (tx) => {
      // Processes starting together on one database would each seed; take turns, then look again.
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_APPLICATIONS_LOCK})`);
      const staff = await demoStaff(tx);
      if (!staff) return false;
      await insertDemoApplications(tx, staff, stored, now);
      return true;
    });
  } finally {
    if (!seeded) await removeStored();
  }
}

type StoredDocument = { requirementId: number; key: string; size: number; sha256: string; originalName: string };

async function insertDemoApplications(
  tx: Database,
  staff: NonNullable<Awaited<ReturnType<typeof demoStaff>>>,
  stored: StoredDocument[][],
  now: Date,
): Promise<void> {
  const account = (email: string) => staff.find((u) => u.email === email)!;
  const reviewer = (stageId: number, by: DemoDecision["by"]) => {
    const deciders = stageById(stageId)!.deciders;
    const u = staff.find((x) => x.roleId === (deciders.includes(ROLE.ADMIN) && by !== "subkomite" ? ROLE.ADMIN : deciders[0]))!;
    return { userId: u.id, role: u.roleId };
  };
  // Office hours (09:00–15:00 WIB) on the day `daysAgo` before now; never in the future.
  const at = (daysAgo: number, step = 0) => {
    const d = new Date(now.getTime() - daysAgo * DAY);
    d.setUTCHours(2 + ((step * 2) % 7), 15 * (step % 4), 0, 0);
    return d.getTime() > now.getTime() ? new Date(now.getTime() - (step + 1) * 60_000) : d;
  };

  const institutionOf = new Map((await tx.select().from(institutions)).map((i) => [i.name, i]));
  const specializationOf = new Map((await tx.select().from(specializations)).map((s) => [s.name, s.id]));
  const created = await tx
    .insert(users)
    .values(
      DEMO_APPLICATIONS.map(({ applicant: a }) => {
        const foreign = "passport" in a.identity ? a.identity : null;
        return {
          email: a.email,
          passwordHash: account("admin@adaptasi.test").passwordHash,
          fullName: a.name,
          roleId: ROLE.APPLICANT,
          isForeign: foreign !== null,
          nik: "nik" in a.identity ? a.identity.nik : null,
          foreignId: foreign?.passport ?? null,
          nationality: foreign?.nationality ?? null,
          isKek: foreign ? false : null,
          phone: a.phone,
          activatedAt: now,
        };
      }),
    )
    .returning({ id: users.id, email: users.email });
  const userId = new Map(created.map((u) => [u.email, u.id]));
  await tx.insert(applicantProfiles).values(
    DEMO_APPLICATIONS.map(({ applicant: a }) => {
      const institution = institutionOf.get(a.institution)!;
      return {
        userId: userId.get(a.email)!,
        fullName: a.name,
        identityType: "nik" in a.identity ? ("NIK" as const) : ("PASPOR" as const),
        identityNumber: "nik" in a.identity ? a.identity.nik : a.identity.passport,
        nationality: "nik" in a.identity ? "ID" : a.identity.nationality,
        birthPlace: a.birthPlace,
        birthDate: a.birthDate,
        gender: a.gender,
        address: a.address,
        phone: a.phone,
        profession: "DOKTER",
        institutionId: institution.id,
        graduationCountry: institution.country,
        graduationYear: a.graduationYear,
        specializationId: a.specialization ? specializationOf.get(a.specialization)! : null,
      };
    }),
  );

  const facilityAdmin = account(FACILITY_ADMIN);
  for (const [index, demo] of DEMO_APPLICATIONS.entries()) {
    const applicantId = userId.get(demo.applicant.email)!;
    const submitter = demo.byFacility ? { id: facilityAdmin.id, role: facilityAdmin.roleId } : { id: applicantId, role: ROLE.APPLICANT };

    // The draft, as POST /applications makes it, and its documents, uploaded by whoever registered it.
    const draftAt = at(demo.draftDaysAgo, 0);
    const [app] = await tx
      .insert(applications)
      .values({
        applicantUserId: applicantId,
        submittedByUserId: submitter.id,
        jalurId: demo.jalur,
        ...(await applicantColumns(tx, applicantId)),
        createdAt: draftAt,
        updatedAt: draftAt,
      })
      .returning({ id: applications.id });
    const docs = stored[index].map((d, i) => ({ ...d, uploadedAt: new Date(draftAt.getTime() + (i + 1) * 5 * 60_000) }));
    const fileRows = await tx
      .insert(files)
      .values(
        docs.map((d) => ({
          storageKey: d.key,
          size: d.size,
          sha256: d.sha256,
          detectedType: "pdf" as const,
          mime: MIME_OF.pdf,
          originalName: d.originalName,
          ownerUserId: submitter.id,
          createdAt: d.uploadedAt,
        })),
      )
      .returning({ id: files.id, key: files.storageKey });
    const fileId = new Map(fileRows.map((f) => [f.key, f.id]));
    await tx.insert(applicationDocuments).values(
      docs.map((d) => ({
        applicationId: app.id,
        requirementId: d.requirementId,
        fileId: fileId.get(d.key)!,
        version: 1,
        uploadedAt: d.uploadedAt,
        originalNames: [d.originalName],
      })),
    );
    if (demo.submittedDaysAgo === undefined) continue;

    // Submission: the columns the submit handler sets, and its audit entry.
    const times = [at(demo.submittedDaysAgo, 0)];
    const stage = firstStage(demo.jalur);
    let state: WorkflowState = { is_submitted: true, status: "IN-PROGRESS", stage_id: stage };
    await tx
      .update(applications)
      .set({
        isSubmitted: true,
        status: "IN-PROGRESS",
        stageId: stage,
        submittedAt: times[0],
        stageStartedAt: times[0],
        updatedAt: times[0],
        ...(await applicantColumns(tx, applicantId)),
        ...(await reviewColumnsNow(tx, state, times[0])),
      })
      .where(eq(applications.id, app.id));
    await appendAudit(tx, {
      applicationId: app.id,
      actor: { userId: submitter.id, role: submitter.role },
      action: "SUBMIT",
      from: { stage: null, status: null },
      to: { stage, status: "IN-PROGRESS" },
      at: times[0],
    });

    // Decisions, each on the stage that is open, by the demo account of a role that decides it.
    let daysAgo = demo.submittedDaysAgo;
    for (const [step, d] of demo.decisions.entries()) {
      const stageId = openStage(state)!;
      const detail = await decideApplication(tx, {
        applicationId: app.id,
        actor: reviewer(stageId, d.by),
        stageId,
        decision: d.decision,
        note: d.note ?? DEFAULT_NOTES[`${stageName(stageId)}:${d.decision}`] ?? null,
        internalNote: d.internalNote ?? null,
        documents: d.documents?.map((x) => ({ requirement_id: x.requirementId, reason: x.reason })),
      });
      state = { is_submitted: detail.application.is_submitted, status: detail.application.status, stage_id: detail.application.tahap?.id ?? null };
      daysAgo -= d.afterDays;
      times.push(at(daysAgo, step + 1));
    }

    // Move the timeline back: the decisions' audit entries, the reupload requests and the stage clock.
    // audit_log is append-only (a trigger refuses updates); the demo's own fresh entries are the one
    // exception, with triggers off for these statements only (the embedded database runs as superuser).
    const last = times[times.length - 1];
    if (demo.decisions.length > 0) {
      const entries = await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.applicationId, app.id)).orderBy(asc(auditLog.id));
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const [i, e] of entries.entries()) {
        await tx
          .update(auditLog)
          .set({ createdAt: times[Math.min(i, times.length - 1)] })
          .where(eq(auditLog.id, e.id));
      }
      // Each decision's clock start was taken from the times before the move: taken again from the moved ones.
      await tx.execute(sql`update audit_log d set stage_started_at = ${clockStartOf("d")} where d.application_id = ${app.id} and d.action = 'DECISION'`);
      await tx.execute(sql`set local session_replication_role = origin`);
      await tx.update(reuploadRequests).set({ createdAt: last }).where(eq(reuploadRequests.applicationId, app.id));
    }
    await tx
      .update(applications)
      .set({ stageStartedAt: last, updatedAt: last, ...(await reviewColumnsNow(tx, state, last)) })
      .where(eq(applications.id, app.id));
  }
}
