import { desc, eq } from "drizzle-orm";
import { users, userVerifications } from "../../db/schema";
import { ROLE } from "#domain/roles";
import { ApiError } from "../../lib/errors";
import type { AppRouteHandler } from "../../http/env";
import { hashPassword, verifyPassword } from "../../services/passwords";
import { revokeAllForUser } from "../../services/tokens";
import type * as routes from "./me.routes";

export const getMe: AppRouteHandler<typeof routes.getMe> = async (c) => {
  const user = c.var.user;
  // Only a facility admin's account is verified (spec §4): every other role's page is spared the query.
  const verifications =
    user.roleId === ROLE.ADMIN_FASYANKES
      ? await c.var.deps.db
          .select()
          .from(userVerifications)
          .where(eq(userVerifications.userId, user.id))
          .orderBy(desc(userVerifications.createdAt), desc(userVerifications.id))
      : [];
  return c.json(
    {
      data: {
        id: user.id,
        email: user.email,
        name: user.fullName,
        role: user.roleId,
        userVerification: verifications.map((v) => ({
          id: v.id,
          is_approved: v.isApproved,
          is_rejected: v.isRejected,
          reason: v.reason,
          created_at: v.createdAt.toISOString(),
        })),
        user: {
          id: user.id,
          email: user.email,
          role_id: user.roleId,
          full_name: user.fullName,
          is_hospital_verified: user.isHospitalVerified,
          is_fasyankes: user.isFasyankes,
          is_foreign: user.isForeign,
          is_active: user.isActive,
          nik: user.nik,
          phone: user.phone,
          foreign_id: user.foreignId,
          nationality: user.nationality,
          is_kek: user.isKek,
          preferred_jalur: user.preferredJalur,
        },
      },
    },
    200,
  );
};

export const changePassword: AppRouteHandler<typeof routes.changePassword> = async (c) => {
  const { db } = c.var.deps;
  const user = c.var.user;
  const { current_password, new_password } = c.req.valid("json");
  if (!(await verifyPassword(user.passwordHash, current_password))) throw new ApiError(400, "WRONG_PASSWORD");
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(new_password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  // Whoever knew the old password may hold a session; every device signs in again.
  await revokeAllForUser(db, user.id);
  return c.json({ data: { ok: true as const } }, 200);
};
