import { and, eq, sql } from "drizzle-orm";
import { labelRef } from "#domain/validation-codes";
import { detail } from "#domain/validation-details";
import { PROFILE_LABELS, type ProfileForm } from "#domain/forms/profile";
import {
  columnOf,
  PERSONAL_DATA_FIELDS,
  personalDataLabelKey,
  type PersonalDataColumn,
  type PersonalDataFieldName,
  type Profession,
} from "#domain/personal-data-fields";
import { validationMessage } from "#domain/validation";
import type { Database } from "../db/client";
import { preparedOnce } from "../db/prepared";
import { applicantProfiles, applications, files, institutions, specializations, type UserRow } from "../db/schema";
import { ApiError, MESSAGES } from "../lib/errors";
import type { ApiDeps } from "./deps";
import { profileComplete } from "./applications";
import { applicantColumns } from "./review-state";
import { dropReplacedFile } from "./documents";
import { countUpload } from "./uploads/quota";
import { receiveSingleFile } from "./uploads/single";

// The applicant's personal data: as the API shows it (to the applicant on /profile, to reviewers in the
// review detail) and as it is saved (by the applicant, or by a facility admin registering a professional).

type ProfileRow = typeof applicantProfiles.$inferSelect;

/** The row's value of each personal-data field (../../domain/personal-data-fields.ts), by its JSON key. */
function fieldsOf(p: ProfileRow | undefined) {
  return Object.fromEntries(PERSONAL_DATA_FIELDS.map((f) => [f.name, p?.[columnOf(f.name)] ?? null])) as {
    [N in PersonalDataFieldName]: ProfileRow[PersonalDataColumn<N>];
  };
}

/** The saved profile, or what the account already tells (name, identity, phone) before the first save. */
export function profileBody(user: UserRow, p: ProfileRow | undefined) {
  return {
    ...fieldsOf(p),
    full_name: p?.fullName ?? user.fullName,
    identity_type: p?.identityType ?? (user.nik ? "NIK" : user.foreignId ? "PASPOR" : null),
    identity_number: p?.identityNumber ?? user.nik ?? user.foreignId ?? null,
    nationality: p?.nationality ?? (user.isForeign ? user.nationality : user.nik ? "ID" : null),
    phone: p?.phone ?? user.phone ?? null,
    email: user.email,
    profession: (p?.profession ?? null) as Profession | null,
    photo_file_id: p?.photoFileId ?? null,
    complete: profileComplete(p),
  };
}

/**
 * The profile row's columns from the personal-data form, as the applicant saves it on /profile and as a
 * facility admin enters it when registering a professional (RegistrationForm carries the same fields).
 */
export function profileColumns(v: ProfileForm) {
  return {
    ...(Object.fromEntries(PERSONAL_DATA_FIELDS.map((f) => [columnOf(f.name), v[f.name] ?? null])) as {
      [N in PersonalDataFieldName as PersonalDataColumn<N>]-?: Exclude<ProfileForm[N], undefined> | null;
    }),
    updatedAt: new Date(),
  };
}

const invalid = (path: keyof typeof PROFILE_LABELS) =>
  new ApiError(400, "VALIDATION_ERROR", MESSAGES.VALIDATION_ERROR, {}, [detail(path, "oneOf", { field: labelRef(`applicant:${personalDataLabelKey(path)}`) })]);

/** The institution and the specialization the form names must exist; else 400 on that field. */
export async function checkProfileReferences(db: Database, v: Pick<ProfileForm, "institution_id" | "specialization_id">): Promise<void> {
  const [institution] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, v.institution_id));
  if (!institution) throw invalid("institution_id");
  if (v.specialization_id !== undefined) {
    const [s] = await db.select({ id: specializations.id }).from(specializations).where(eq(specializations.id, v.specialization_id));
    if (!s) throw invalid("specialization_id");
  }
}

/** The applicant's profile row, or undefined: read on every applicant page, so a named prepared statement. */
export async function loadProfile(db: Database, userId: string): Promise<ProfileRow | undefined> {
  const statement = preparedOnce(db, "profile_by_user", () =>
    db
      .select()
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, sql.placeholder("userId"))),
  );
  const [p] = await statement.execute({ userId });
  return p;
}

/** The applicant saves /profile: the row, and the name the reviewers' lists show on their open application. */
export async function saveProfile(db: Database, user: UserRow, v: ProfileForm): Promise<ProfileRow> {
  await checkProfileReferences(db, v);
  const values = profileColumns(v);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applicantProfiles)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: applicantProfiles.userId, set: values })
      .returning();
    // The reviewers' lists search and sort by the name on the open application (review-state.ts).
    await tx
      .update(applications)
      .set(await applicantColumns(tx, user.id))
      .where(and(eq(applications.applicantUserId, user.id), eq(applications.isFinal, false)));
    return row;
  });
}

/** The photo of the multipart `request` (field `photo`) becomes the profile's; returns its file id. */
export async function saveProfilePhoto(deps: ApiDeps, user: UserRow, request: Request): Promise<string> {
  await countUpload(deps, user.id);
  const stored = await receiveSingleFile(deps, request, {
    field: "photo",
    maxMb: 2,
    allowedExtnames: "jpg,jpeg,png",
    label: labelRef(`applicant:${personalDataLabelKey("photo")}`),
  });
  const { id } = await deps.db
    .transaction(async (tx) => {
      const [before] = await tx
        .select({ photoFileId: applicantProfiles.photoFileId })
        .from(applicantProfiles)
        .where(eq(applicantProfiles.userId, user.id))
        .for("update");
      const [row] = await tx
        .insert(files)
        .values({ ...stored, ownerUserId: user.id })
        .returning({ id: files.id });
      await tx
        .insert(applicantProfiles)
        .values({ userId: user.id, photoFileId: row.id })
        .onConflictDoUpdate({ target: applicantProfiles.userId, set: { photoFileId: row.id, updatedAt: new Date() } });
      // The photo it replaces is no one's to see any more: it goes, so new photos never pile up.
      return { id: row.id, replaced: await dropReplacedFile(tx, before?.photoFileId) };
    })
    .catch(async (err: unknown) => {
      await deps.storage.remove(stored.storageKey).catch(() => {}); // bytes of a row never written go again
      throw err;
    });
  return id;
}
