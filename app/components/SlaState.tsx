import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import * as r from "~/components/sla.css";

// Its own module so the applicant's and facility's status pages don't load the review pages' code.

/** "Sisa N hari" / "Terlambat N hari" beside a deadline; nothing when there is no deadline. */
export function SlaState({ daysLeft, overdue }: { daysLeft: number | null | undefined; overdue?: boolean }) {
  const { t } = useTranslation("review");
  return slaState(t, daysLeft, overdue);
}

/** SlaState with its caller's `t` (of the review namespace): a list renders one a row without a hook each. */
export function slaState(t: TFunction, daysLeft: number | null | undefined, overdue?: boolean) {
  if (daysLeft === null || daysLeft === undefined) return null;
  const late = overdue ?? daysLeft < 0;
  if (late) return <span className={r.overdue}>{t("sla.overdue", { days: Math.max(1, Math.abs(daysLeft)) })}</span>;
  return <span className={r.onTime}>{daysLeft === 0 ? t("sla.today") : t("sla.left", { days: daysLeft })}</span>;
}
