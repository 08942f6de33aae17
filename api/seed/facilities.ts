import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { ACTIVITY_KINDS, DEMO_FACILITIES, FACILITY_POSITIONS } from "../db/reference-data";
import { activityKinds, announcements, facilityProfiles, positions, users } from "../db/schema";

/** The demo data's announcement on /welcome; a production database has none until the Admin writes one on /master-cms. */
export const DEMO_ANNOUNCEMENT = {
  title: "Pendaftaran adaptasi dibuka sepanjang tahun",
  body: "Permohonan adaptasi dapat diajukan kapan saja melalui portal ini. Pastikan semua dokumen persyaratan sudah dipindai dengan jelas sebelum diunggah.",
};

/**
 * Runs on every start after the main seed: activity kinds and facility positions are reference data
 * (added when missing, so an admin's edits stay). With demo data only: the demo announcement into an
 * empty table, and the demo facility admins without facility data get theirs.
 */
export async function seedFacilities(db: Database, options: { demo: boolean }): Promise<void> {
  await db
    .insert(activityKinds)
    .values([...ACTIVITY_KINDS])
    .onConflictDoNothing();
  await db
    .insert(positions)
    .values(FACILITY_POSITIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  if (!options.demo) return;
  const [{ n }] = await db.select({ n: count() }).from(announcements);
  if (n === 0) await db.insert(announcements).values(DEMO_ANNOUNCEMENT);
  const missing = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(facilityProfiles, eq(facilityProfiles.userId, users.id))
    .where(and(inArray(users.email, Object.keys(DEMO_FACILITIES)), isNull(facilityProfiles.userId)));
  if (missing.length === 0) return;
  const positionOf = new Map((await db.select({ id: positions.id, name: positions.name }).from(positions)).map((p) => [p.name, p.id]));
  await db
    .insert(facilityProfiles)
    .values(
      missing.map((u) => {
        const { position, ...facility } = DEMO_FACILITIES[u.email];
        return { userId: u.id, ...facility, positionId: positionOf.get(position) ?? null };
      }),
    )
    .onConflictDoNothing();
}
