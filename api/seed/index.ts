import { count, getTableColumns, sql } from "drizzle-orm";
import { DOCUMENT_REQUIREMENTS } from "#domain/documents";
import { hashPassword } from "../services/passwords";
import type { FileStorage } from "../services/storage/storage";
import { DEFAULT_SETTINGS } from "../services/settings";
import type { Database } from "../db/client";
import { DEFAULT_SLA_DAYS } from "#domain/workflow";
import { ACHIEVEMENT_TYPES, INSTITUTIONS, SPECIALIZATIONS } from "../db/reference-data";
import { seedDemoApplications } from "./applications";
import {
  achievementTypes,
  applicantProfiles,
  documentRequirements,
  institutions,
  settings,
  slaSettings,
  specializations,
  testSchedules,
  users,
  userVerifications,
} from "../db/schema";

export const DEMO_PASSWORD = "Adaptasi#2026";

type Identity = Pick<typeof users.$inferInsert, "nik" | "phone" | "foreignId" | "nationality" | "isKek" | "preferredJalur">;

interface DemoUser extends Identity {
  email: string;
  fullName: string;
  roleId: number;
  isForeign?: boolean;
  isHospitalVerified?: boolean;
  verification?: "approved" | "pending";
}

// DESIGN §7: one account per role. is_fasyankes marks the "Evaluasi Kompetensi" side (roles 2, 4, 8).
export const DEMO_USERS: readonly DemoUser[] = [
  { email: "superadmin@adaptasi.test", fullName: "Super Admin", roleId: 1 },
  { email: "admin@adaptasi.test", fullName: "Rina Marlina", roleId: 2 },
  { email: "pemohon@adaptasi.test", fullName: "dr. Andi Pratama", roleId: 3, nik: "3174011203900001", phone: "081234567890" },
  {
    email: "pemohon.wna@adaptasi.test",
    fullName: "Dr. Maria Santos",
    roleId: 3,
    isForeign: true,
    phone: "639171234567",
    foreignId: "P4567890A",
    nationality: "PH",
    isKek: false,
    preferredJalur: "REG",
  },
  { email: "subkomite@adaptasi.test", fullName: "dr. Siti Nurhaliza, Sp.PD", roleId: 4 },
  { email: "pembekalan@adaptasi.test", fullName: "Bambang Susanto, S.Kep., M.Kes.", roleId: 5 },
  { email: "kolegium@adaptasi.test", fullName: "Prof. dr. Hendra Wijaya, Sp.B", roleId: 6 },
  { email: "kki@adaptasi.test", fullName: "dr. Dewi Lestari, M.H.Kes.", roleId: 7 },
  { email: "fasyankes@adaptasi.test", fullName: "Agus Setiawan", roleId: 8, isHospitalVerified: true, verification: "approved" },
  { email: "fasyankes.baru@adaptasi.test", fullName: "Yuliana Putri", roleId: 8, verification: "pending" },
];

const FASYANKES_ROLES = new Set([2, 4, 8]);

const TEST_SCHEDULE_SEED_LOCK = 72_026_002;

const ATTENDANCE_NOTE =
  "Bawa paspor atau KTP asli dan kartu peserta; hadir 60 menit sebelum ujian dimulai. Kartu peserta dapat diunduh setelah pendaftaran diverifikasi.";

/**
 * Invented competency-test dates and venues (times in WIB, UTC+7) for the demo data only: a production
 * database starts with no schedule, and the Admin announces the real ones on /master-cms (DESIGN §8).
 */
export const DEMO_TEST_SCHEDULES: readonly (typeof testSchedules.$inferInsert)[] = [
  {
    title: "Uji Kompetensi Dokter Umum Lulusan Luar Negeri — Gelombang I",
    location: "Jakarta — Gedung Adhyatma, Kementerian Kesehatan RI, Jl. H.R. Rasuna Said Blok X-5 Kav. 4-9, Kuningan",
    startsAt: new Date("2027-03-15T08:00:00+07:00"),
    endsAt: new Date("2027-03-16T16:00:00+07:00"),
    registrationDeadline: new Date("2027-02-15T23:59:00+07:00"),
    notes: ATTENDANCE_NOTE,
  },
  {
    title: "Uji Kompetensi Dokter Spesialis Lulusan Luar Negeri — Gelombang I",
    location: "Surabaya — RSUD Dr. Soetomo, Jl. Mayjen Prof. Dr. Moestopo No. 6-8",
    startsAt: new Date("2027-05-17T08:00:00+07:00"),
    endsAt: new Date("2027-05-19T16:00:00+07:00"),
    registrationDeadline: new Date("2027-04-16T23:59:00+07:00"),
    notes: `Ujian tulis dan ujian praktik (OSCE) sesuai kolegium masing-masing. ${ATTENDANCE_NOTE}`,
  },
  {
    title: "Uji Kompetensi Dokter Gigi Lulusan Luar Negeri",
    location: "Makassar — Politeknik Kesehatan Kemenkes Makassar, Jl. Wijaya Kusuma Raya No. 46",
    startsAt: new Date("2027-08-09T08:00:00+07:00"),
    endsAt: new Date("2027-08-10T15:00:00+07:00"),
    registrationDeadline: new Date("2027-07-09T23:59:00+07:00"),
    notes: ATTENDANCE_NOTE,
  },
  {
    title: "Uji Kompetensi Dokter Umum Lulusan Luar Negeri — Gelombang II",
    location: "Medan — Politeknik Kesehatan Kemenkes Medan, Jl. Jamin Ginting KM 13,5",
    startsAt: new Date("2027-10-18T08:00:00+07:00"),
    endsAt: new Date("2027-10-19T16:00:00+07:00"),
    registrationDeadline: new Date("2027-09-17T23:59:00+07:00"),
    notes: ATTENDANCE_NOTE,
  },
];

/**
 * Reference data is upserted on every start (it is spec data, not user data); settings are only
 * added when missing so CMS edits survive restarts. The rest is demo data, never in production: the
 * invented test schedules only into an empty table, demo accounts into an empty database only, the demo
 * applications (seed-applications.ts) once.
 */
export async function seedIfEmpty(db: Database, options: { demo: boolean; storage?: FileStorage }): Promise<void> {
  const specColumns = Object.entries(getTableColumns(documentRequirements)).filter(([key]) => !["id", "createdAt", "updatedAt"].includes(key));
  await db
    .insert(documentRequirements)
    .values(
      DOCUMENT_REQUIREMENTS.map((r) => ({
        id: r.id,
        jalurId: r.jalur_id,
        name: r.name,
        description: r.description,
        helpText: r.help_text,
        maxSize: r.max_size,
        allowedExtnames: r.allowed_extnames,
        orderNum: r.order_num,
        isActive: r.is_active,
        isKek: r.is_kek,
        allowedMimetypes: r.allowed_mimetypes,
        merged: r.merged,
      })),
    )
    .onConflictDoUpdate({
      target: documentRequirements.id,
      set: { ...Object.fromEntries(specColumns.map(([key, col]) => [key, sql.raw(`excluded."${col.name}"`)])), updatedAt: sql`now()` },
      // Leave updated_at alone when nothing changed, so it keeps meaning "last real change".
      setWhere: sql`(${sql.join(
        specColumns.map(([, col]) => col),
        sql`, `,
      )}) is distinct from (${sql.raw(specColumns.map(([, col]) => `excluded."${col.name}"`).join(", "))})`,
    });

  await db
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();

  await db
    .insert(institutions)
    .values([...INSTITUTIONS])
    .onConflictDoNothing();
  await db
    .insert(specializations)
    .values(SPECIALIZATIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(achievementTypes)
    .values(ACHIEVEMENT_TYPES.map((t, i) => ({ ...t, orderNum: i + 1 })))
    .onConflictDoUpdate({ target: achievementTypes.code, set: { name: sql`excluded.name`, orderNum: sql`excluded.order_num` } });
  // SLA days are the Super Admin's to change; only missing stages get the default.
  await db
    .insert(slaSettings)
    .values(Object.entries(DEFAULT_SLA_DAYS).map(([stageId, days]) => ({ stageId: Number(stageId), days })))
    .onConflictDoNothing();

  if (!options.demo) return;
  await db.transaction(async (tx) => {
    // Processes starting together on one database would each see an empty table; take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(${TEST_SCHEDULE_SEED_LOCK})`);
    const [{ schedules }] = await tx.select({ schedules: count() }).from(testSchedules);
    if (schedules === 0) await tx.insert(testSchedules).values([...DEMO_TEST_SCHEDULES]);
  });
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n === 0) await seedDemoAccounts(db);
  // The demo applications need somewhere to keep their documents: only the embedded default passes it.
  if (options.storage) await seedDemoApplications(db, options.storage);
}

async function seedDemoAccounts(db: Database): Promise<void> {
  // One hash for all: every demo account has the same documented password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          email: u.email,
          passwordHash,
          fullName: u.fullName,
          roleId: u.roleId,
          isFasyankes: FASYANKES_ROLES.has(u.roleId),
          isHospitalVerified: u.isHospitalVerified ?? false,
          isForeign: u.isForeign ?? false,
          nik: u.nik,
          phone: u.phone,
          foreignId: u.foreignId,
          nationality: u.nationality,
          isKek: u.isKek,
          preferredJalur: u.preferredJalur,
          activatedAt: now,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idOf = new Map(created.map((u) => [u.email, u.id]));
    const verifications = DEMO_USERS.filter((u) => u.verification).map((u) => ({
      userId: idOf.get(u.email)!,
      isApproved: u.verification === "approved",
      isRejected: false,
      createdAt: now,
      decidedAt: u.verification === "approved" ? now : null,
    }));
    await tx.insert(userVerifications).values(verifications);

    // Both applicants have their personal data; the journey from there (pathway, documents) is theirs.
    const institutionId = async (name: string) =>
      (
        await tx
          .select({ id: institutions.id })
          .from(institutions)
          .where(sql`${institutions.name} = ${name}`)
      )[0].id;
    await tx.insert(applicantProfiles).values([
      {
        userId: idOf.get("pemohon@adaptasi.test")!,
        fullName: "dr. Andi Pratama",
        identityType: "NIK",
        identityNumber: "3174011203900001",
        nationality: "ID",
        birthPlace: "Jakarta",
        birthDate: "1990-03-12",
        gender: "L",
        address: "Jl. Cempaka Putih Tengah No. 21, Jakarta Pusat 10510",
        phone: "081234567890",
        profession: "DOKTER",
        institutionId: await institutionId("University of Malaya — Faculty of Medicine"),
        graduationCountry: "MY",
        graduationYear: 2015,
      },
      {
        userId: idOf.get("pemohon.wna@adaptasi.test")!,
        fullName: "Dr. Maria Santos",
        identityType: "PASPOR",
        identityNumber: "P4567890A",
        nationality: "PH",
        birthPlace: "Quezon City",
        birthDate: "1988-07-04",
        gender: "P",
        address: "Jl. Kemang Raya No. 8, Jakarta Selatan 12730",
        phone: "639171234567",
        profession: "DOKTER",
        institutionId: await institutionId("University of the Philippines Manila — College of Medicine"),
        graduationCountry: "PH",
        graduationYear: 2012,
      },
    ]);
  });
}
