import { and, eq } from "drizzle-orm";
import { PROFILE_LABELS } from "#domain/forms/profile";
import { validationMessage } from "#domain/validation";
import { applicantProfiles, applications, files } from "../../db/schema";
import type { AppRouteHandler } from "../../lib/types";
import { checkProfileReferences, loadProfile, profileBody, profileColumns } from "../../services/profile";
import { applicantColumns } from "../../services/review-state";
import { receiveSingleFile } from "../../services/uploads/single";
import type * as routes from "./profile.routes";

export const getProfile: AppRouteHandler<typeof routes.getProfile> = async (c) => {
  const user = c.var.user;
  return c.json({ data: profileBody(user, await loadProfile(c.var.deps.db, user.id)) }, 200);
};

export const putProfile: AppRouteHandler<typeof routes.putProfile> = async (c) => {
  const { db } = c.var.deps;
  const user = c.var.user;
  const v = c.req.valid("json");
  await checkProfileReferences(db, v);
  const values = profileColumns(v);
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
