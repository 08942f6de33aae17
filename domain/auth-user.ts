import type { Me, UserVerification } from "#contracts/me";

// The authenticated user is what GET /api/v1/admin/get-me answers (spec §3, DESIGN §5): the shape is
// the API's contract (contracts/me.ts), not a copy of it; the rules below read it.
export type AuthUser = Me;
export type UserVerificationEntry = UserVerification;

/** spec §6: "the user's role (user.role or user.user.role_id)". */
export function roleOf(me: Pick<AuthUser, "role" | "user">): number {
  return me.role ?? me.user.role_id;
}

/** spec §4: pending while the first userVerification entry is neither approved nor rejected. */
export function verificationPending(me: Pick<AuthUser, "userVerification">): boolean {
  const first = me.userVerification[0];
  return first !== undefined && !first.is_approved && !first.is_rejected;
}
