// Spec §4's labels with their words, for the API (its answers, the CSV export, the mails) and scripts: the
// words are the locale files' (common.statusLabel.<rule>), in the default language, as the spec names them.
// The browser never imports this module (it would bundle the whole namespace); a page words a rule with `t()`.
import common from "#locales/id/common.json";
import { LABELLED_RULES, NO_LABEL_RULE, statusRule, type StatusLabel, type StatusRecord } from "./status-label";

const WORDS: Readonly<Record<string, string>> = common.statusLabel;

/** The words of a rule that has a label. */
export const labelWords = (rule: number): string => WORDS[String(rule)]!;

/** Spec §4: the rule a record meets, its colour and its label (null for rule 13). */
export function statusLabel(record: StatusRecord): StatusLabel {
  const { rule, colour } = statusRule(record);
  return { rule, colour, label: rule === NO_LABEL_RULE ? null : labelWords(rule) };
}

/** Every label the table can produce, in rule order. */
export const STATUS_LABELS: readonly string[] = LABELLED_RULES.map(labelWords);
