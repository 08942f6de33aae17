// The signed-in user is what GET /api/v1/admin/get-me answers (spec §3, DESIGN §5); its whole shape is
// the API's contract (contracts/me.ts, `AuthUser`). The rules below read only these few facts, so
// domain/ stays the ground floor: it imports nothing outside itself, and the contracts import it.

/** One verification entry of a user, as far as the rules read it. */
export interface VerificationFacts {
  is_approved: boolean;
  is_rejected: boolean;
}

/** What the rules read of the signed-in user. */
export interface UserFacts {
  role?: number | null;
  user: { role_id: number; is_hospital_verified: boolean };
  userVerification: readonly VerificationFacts[];
}

/** spec §6: "the user's role (user.role or user.user.role_id)". */
export function roleOf(me: Pick<UserFacts, "role" | "user">): number {
  return me.role ?? me.user.role_id;
}

/** spec §4: pending while the first userVerification entry is neither approved nor rejected. */
export function verificationPending(me: Pick<UserFacts, "userVerification">): boolean {
  const first = me.userVerification[0];
  return first !== undefined && !first.is_approved && !first.is_rejected;
}

/**
 * What every logged-in page's layout shows and decides from (the top bar's name and role, the sidebar's
 * items): the root loader sends the browser this, not the whole get-me answer.
 */
export interface ShellUser extends UserFacts {
  role?: number | null;
  user: UserFacts["user"] & { full_name: string; is_fasyankes: boolean };
}

export function shellUser(me: ShellUser): ShellUser {
  return {
    role: me.role,
    user: { role_id: me.user.role_id, full_name: me.user.full_name, is_hospital_verified: me.user.is_hospital_verified, is_fasyankes: me.user.is_fasyankes },
    // The rules read the newest entry only (verificationPending, the facility's state).
    userVerification: me.userVerification.slice(0, 1).map((v) => ({ is_approved: v.is_approved, is_rejected: v.is_rejected })),
  };
}
