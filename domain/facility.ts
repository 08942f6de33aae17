// Health facilities (role 8, DESIGN §4 "Health-facility admin"): the kinds of facility and the
// verification state of a facility admin, shared by the API, the admin screens and the facility's pages.
import type { VerificationFacts } from "./auth-user";

export const FACILITY_TYPES = ["RUMAH_SAKIT", "KLINIK_UTAMA", "KLINIK_PRATAMA", "PUSKESMAS", "LAINNYA"] as const;
export type FacilityType = (typeof FACILITY_TYPES)[number];

/** The words of a facility type: the locale files' `facility.types.<type>`; the API answers the type alone. */
export const facilityTypeKey = (type: string): string => `facility:types.${type}`;

/** The facility types as a select's options, each worded by `t` (the page's translator) from its locale key. */
export const facilityTypeOptions = (t: (key: string) => string): Array<{ value: FacilityType; label: string }> =>
  FACILITY_TYPES.map((value) => ({ value, label: t(facilityTypeKey(value)) }));

export const VERIFICATION_STATES = ["pending", "verified", "rejected", "notSubmitted"] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/**
 * The facility admin's verification state from `is_hospital_verified` and the newest userVerification
 * entry (get-me lists them newest first; spec §4 reads "the first entry").
 */
export function verificationState(isHospitalVerified: boolean, entries: readonly VerificationFacts[]): VerificationState {
  if (isHospitalVerified) return "verified";
  const first = entries[0];
  if (!first) return "notSubmitted";
  if (first.is_rejected) return "rejected";
  return first.is_approved ? "verified" : "pending";
}
