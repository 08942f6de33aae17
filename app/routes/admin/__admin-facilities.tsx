import { useTranslation } from "react-i18next";
import { VERIFICATION_STATES, type VerificationState } from "#domain/facility";
import * as ui from "~/components/ui.css";

// Pieces of the Admin's facility-admin pages (/admin-fasyankes-list).

/** The tabs of the list: each verification state, then every account; the queue (pending) is the default. */
export const FACILITY_TABS = [...VERIFICATION_STATES, "all"] as const;
export type FacilityTab = (typeof FACILITY_TABS)[number];

const STATE_COLOUR: Record<VerificationState, keyof typeof ui.badgeColour> = {
  pending: "yellow",
  verified: "green",
  rejected: "red",
  notSubmitted: "none",
};

export function VerificationBadge({ state }: { state: VerificationState }) {
  const { t } = useTranslation("admin");
  return <span className={`${ui.badge} ${ui.badgeColour[STATE_COLOUR[state]]}`}>{t(`fasyankes.states.${state}`)}</span>;
}
