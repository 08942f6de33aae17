import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { applicantProfiles, type UserRow } from "../db/schema";
import { profileComplete } from "./applications";

// The applicant's personal data as the API shows it: to the applicant (/profile) and to reviewers (review detail).

type ProfileRow = typeof applicantProfiles.$inferSelect;

/** The saved profile, or what the account already tells (name, identity, phone) before the first save. */
export function profileBody(user: UserRow, p: ProfileRow | undefined) {
  return {
    full_name: p?.fullName ?? user.fullName,
    identity_type: p?.identityType ?? (user.nik ? "NIK" : user.foreignId ? "PASPOR" : null),
    identity_number: p?.identityNumber ?? user.nik ?? user.foreignId ?? null,
    nationality: p?.nationality ?? (user.isForeign ? user.nationality : user.nik ? "ID" : null),
    birth_place: p?.birthPlace ?? null,
    birth_date: p?.birthDate ?? null,
    gender: p?.gender ?? null,
    address: p?.address ?? null,
    phone: p?.phone ?? user.phone ?? null,
    email: user.email,
    profession: (p?.profession ?? null) as "DOKTER" | "DOKTER_GIGI" | "PERAWAT" | "BIDAN" | "APOTEKER" | "LAINNYA" | null,
    institution_id: p?.institutionId ?? null,
    graduation_country: p?.graduationCountry ?? null,
    graduation_year: p?.graduationYear ?? null,
    specialization_id: p?.specializationId ?? null,
    photo_file_id: p?.photoFileId ?? null,
    complete: profileComplete(p),
  };
}

export async function loadProfile(db: Database, userId: string) {
  const [p] = await db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, userId));
  return p;
}
