import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { MB } from "#domain/documents";
import { labelMeaning, NO_LABEL_RULE, type ApplicationStatus, type LabelColour } from "#domain/status-label";
import { useWorkflowWords } from "~/utils/workflow-words";
import * as s from "./StatusBadge.css";
import * as ui from "./ui.css";

// Small pieces shown on lists and status pages, in their own module so those pages don't load the upload code.

/** What every page that shows an application's label has of it: the label and what it was made from. */
export interface StatusOf {
  /** spec §4's rule, whose words the locale files hold (common.statusLabel.<rule>); rule 13: no label */
  label: { rule: number; colour: LabelColour };
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
  const words = useWorkflowWords();
  return statusBadge(of, t, words.stage);
}

/**
 * StatusBadge with its caller's `t` (of the common namespace) and stage words: a list renders one a row
 * without a hook each (app/routes/review/__review-list.tsx).
 */
export function statusBadge(of: StatusOf, t: TFunction, stage: (id: number) => string) {
  const words = meaningWords(of, t, stage);
  if (of.label.rule === NO_LABEL_RULE) return <span className={s.meaning}>{words}</span>;
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
  const words = useWorkflowWords();
  if (of.label.rule !== NO_LABEL_RULE)
    return <span className={`${ui.badge} ${s.badge} ${ui.badgeColour[of.label.colour]}`}>{t(`statusLabel.${of.label.rule}`)}</span>;
  return <span className={s.meaning}>{meaningWords(of, t, words.stage)}</span>;
}

/** The sentence that explains a label (common.statusMeaning), its stages worded in the page's language. */
function meaningWords(of: StatusOf, t: TFunction, stage: (id: number) => string): string {
  const meaning = labelMeaning({ status: of.status, is_submitted: of.is_submitted, tahap: of.tahap ?? of.stage ?? null });
  const name = (id: number | null) => (id === null ? null : stage(id));
  return t(`statusMeaning.${meaning.key}`, { stage: name(meaning.stage), next: name(meaning.next) });
}

/** A label with nothing to explain (no application yet): the plain grey badge. */
export function PlainBadge({ text }: { text: string }) {
  return <span className={`${ui.badge} ${s.badge} ${ui.badgeColour.none}`}>{text}</span>;
}

/** "1.4 MB" or "12 KB"; in Indonesian (`lng` "id") with its decimal comma, "1,4 MB". */
export function formatSize(bytes: number, lng?: string): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = (bytes / MB).toFixed(1);
  return `${lng === "id" ? mb.replace(".", ",") : mb} MB`;
}
