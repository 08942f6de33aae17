// The authenticated user as returned by GET /api/v1/admin/get-me (spec §3, DESIGN §5).
export interface UserVerificationEntry {
  id?: number;
  is_approved: boolean;
  is_rejected: boolean;
  reason?: string | null;
  created_at?: string;
}

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: number;
  userVerification: UserVerificationEntry[];
  user: {
    id: string;
    email: string;
    role_id: number;
    full_name: string;
    is_hospital_verified: boolean;
    is_fasyankes: boolean;
    is_foreign: boolean;
    is_active: boolean;
  };
}

/** spec §6: "the user's role (user.role or user.user.role_id)". */
export function roleOf(me: Pick<AuthUser, "role" | "user">): number {
  return me.role ?? me.user.role_id;
}

/** spec §4: pending while the first userVerification entry is neither approved nor rejected. */
export function verificationPending(me: Pick<AuthUser, "userVerification">): boolean {
  const first = me.userVerification[0];
  return first !== undefined && !first.is_approved && !first.is_rejected;
}
