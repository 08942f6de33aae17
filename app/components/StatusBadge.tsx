import { useTranslation } from "react-i18next";
import { MB } from "#domain/documents";
import { labelMeaning, type ApplicationStatus, type LabelColour } from "#domain/status-label";
import * as s from "./StatusBadge.css";
import * as ui from "./ui.css";

// Small pieces shown on lists and status pages, in their own module so those pages don't load the upload code.

/** What every page that shows an application's label has of it: the label and what it was made from. */
export interface StatusOf {
  /** spec §4's rule, whose words the locale files hold (common.statusLabel.<rule>); no label (rule 13): null */
  label: { rule: number; label: string | null; colour: LabelColour };
  status: ApplicationStatus | null;
  is_submitted: boolean;
  /** the stored stage: `tahap` on applications and registrations, `stage` on review rows */
  tahap?: { id: number } | null;
  stage?: { id: number } | null;
}

/**
 * The spec §4 label in its colour, and beside it the stage it belongs to and what comes next
 * ("Selesai · Pemeriksaan Dokumen — menunggu Penyetaraan"). Rule 13 (no label) shows those words alone.
 */
export function StatusBadge({ of }: { of: StatusOf }) {
  const { t } = useTranslation();
  const meaning = labelMeaning({ status: of.status, is_submitted: of.is_submitted, tahap: of.tahap ?? of.stage ?? null });
  const words = t(`statusMeaning.${meaning.key}`, { stage: meaning.stage, next: meaning.next });
  if (!of.label.label) return <span className={s.meaning}>{words}</span>;
  return (
    <span>
      <span className={`${ui.badge} ${s.badge} ${ui.badgeColour[of.label.colour]}`}>{t(`statusLabel.${of.label.rule}`)}</span>
      <span className={s.separator}>{t("statusMeaning.separator")}</span>
      <span className={s.meaning}>{words}</span>
    </span>
  );
}

/** The spec §4 label alone, in its colour (rule 13, no label: the words that explain the state instead). */
export function LabelBadge({ of }: { of: StatusOf }) {
  const { t } = useTranslation();
  if (of.label.label) return <span className={`${ui.badge} ${s.badge} ${ui.badgeColour[of.label.colour]}`}>{t(`statusLabel.${of.label.rule}`)}</span>;
  const meaning = labelMeaning({ status: of.status, is_submitted: of.is_submitted, tahap: of.tahap ?? of.stage ?? null });
  return <span className={s.meaning}>{t(`statusMeaning.${meaning.key}`, { stage: meaning.stage, next: meaning.next })}</span>;
}

/** A label with nothing to explain (no application yet): the plain grey badge. */
export function PlainBadge({ text }: { text: string }) {
  return <span className={`${ui.badge} ${s.badge} ${ui.badgeColour.none}`}>{text}</span>;
}

export function formatSize(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
