import { count, getTableColumns, sql } from "drizzle-orm";
import { DOCUMENT_REQUIREMENTS } from "../../domain/documents";
import { hashPassword } from "../services/passwords";
import { DEFAULT_SETTINGS } from "../services/settings";
import type { Database } from "./client";
import { documentRequirements, settings, users, userVerifications } from "./schema";

export const DEMO_PASSWORD = "Adaptasi#2026";

interface DemoUser {
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
  { email: "pemohon@adaptasi.test", fullName: "dr. Andi Pratama", roleId: 3 },
  { email: "pemohon.wna@adaptasi.test", fullName: "Dr. Maria Santos", roleId: 3, isForeign: true },
  { email: "subkomite@adaptasi.test", fullName: "dr. Siti Nurhaliza, Sp.PD", roleId: 4 },
  { email: "pembekalan@adaptasi.test", fullName: "Bambang Susanto, S.Kep., M.Kes.", roleId: 5 },
  { email: "kolegium@adaptasi.test", fullName: "Prof. dr. Hendra Wijaya, Sp.B", roleId: 6 },
  { email: "kki@adaptasi.test", fullName: "dr. Dewi Lestari, M.H.Kes.", roleId: 7 },
  { email: "fasyankes@adaptasi.test", fullName: "Agus Setiawan", roleId: 8, isHospitalVerified: true, verification: "approved" },
  { email: "fasyankes.baru@adaptasi.test", fullName: "Yuliana Putri", roleId: 8, verification: "pending" },
];

const FASYANKES_ROLES = new Set([2, 4, 8]);

/**
 * Reference data is upserted on every start (it is spec data, not user data); settings are only
 * added when missing so CMS edits survive restarts; demo accounts go into an empty database only.
 */
export async function seedIfEmpty(db: Database, options: { demo: boolean }): Promise<void> {
  const specColumns = Object.entries(getTableColumns(documentRequirements)).filter(
    ([key]) => !["id", "createdAt", "updatedAt"].includes(key),
  );
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

  if (!options.demo) return;
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return;

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
  });
}
