import { and, eq } from "drizzle-orm";
import { PROFILE_LABELS } from "#domain/forms/profile";
import { validationMessage } from "#domain/validation";
import { applicantProfiles, applications, files, institutions, specializations } from "../../db/schema";
import { ApiError, MESSAGES } from "../../lib/errors";
import type { AppRouteHandler } from "../../lib/types";
import { loadProfile, profileBody } from "../../services/profile";
import { applicantColumns } from "../../services/review-state";
import { receiveSingleFile } from "../../services/uploads/single";
import type * as routes from "./profile.routes";

export const getProfile: AppRouteHandler<typeof routes.getProfile> = async (c) => {
  const user = c.var.user;
  return c.json({ data: profileBody(user, await loadProfile(c.var.deps.db, user.id)) }, 200);
};

const invalid = (path: string, message: string) =>
  new ApiError(400, "VALIDATION_ERROR", MESSAGES.VALIDATION_ERROR, {}, [{ path, message }]);

export const putProfile: AppRouteHandler<typeof routes.putProfile> = async (c) => {
  const { db } = c.var.deps;
  const user = c.var.user;
  const v = c.req.valid("json");
  const [institution] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, v.institution_id));
  if (!institution) throw invalid("institution_id", validationMessage("oneOf", { field: PROFILE_LABELS.institution_id }));
  if (v.specialization_id !== undefined) {
    const [s] = await db.select({ id: specializations.id }).from(specializations).where(eq(specializations.id, v.specialization_id));
    if (!s) throw invalid("specialization_id", validationMessage("oneOf", { field: PROFILE_LABELS.specialization_id }));
  }
  const values = {
    fullName: v.full_name,
    identityType: v.identity_type,
    identityNumber: v.identity_number,
    nationality: v.nationality,
    birthPlace: v.birth_place,
    birthDate: v.birth_date,
    gender: v.gender,
    address: v.address,
    phone: v.phone,
    profession: v.profession,
    institutionId: v.institution_id,
    graduationCountry: v.graduation_country,
    graduationYear: v.graduation_year,
    specializationId: v.specialization_id ?? null,
    updatedAt: new Date(),
  };
  const saved = await db.transaction(async (tx) => {
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
  return c.json({ data: profileBody(user, saved) }, 200);
};

export const uploadPhoto: AppRouteHandler<typeof routes.uploadPhoto> = async (c) => {
  const { db } = c.var.deps;
  const user = c.var.user;
  const stored = await receiveSingleFile(c.var.deps, c.req.raw, {
    field: "photo",
    maxMb: 2,
    allowedExtnames: "jpg,jpeg,png",
    requiredMessage: validationMessage("required", { field: PROFILE_LABELS.photo }),
  });
  const fileId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(files)
      .values({ ...stored, ownerUserId: user.id })
      .returning({ id: files.id });
    await tx
      .insert(applicantProfiles)
      .values({ userId: user.id, photoFileId: row.id })
      .onConflictDoUpdate({ target: applicantProfiles.userId, set: { photoFileId: row.id, updatedAt: new Date() } });
    return row.id;
  });
  return c.json({ data: { file_id: fileId } }, 200);
};
