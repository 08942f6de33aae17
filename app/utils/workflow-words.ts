import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { statusRule, type ApplicationStatus } from "#domain/status-label";
import { HOLDER_SEPARATOR, stageKey } from "#domain/workflow";
import { useRootData } from "~/root";
import { roleLabelWords, roleWords, WORKFLOW_NAMESPACES } from "./role-name";

// Stage names in the request's language, and the role names of ./role-name.ts: domain/ answers ids and
// keys, the locale files' `workflow` namespace words them. Each function takes the `t` of a page
// (useWorkflowWords) or of a loader (i18next.getFixedT on the server), so both say them the same way.

/** Who holds a file (domain/workflow holderRoles) in words; null when nobody does. */
export function holderWords(t: TFunction, roles: readonly number[] | null | undefined, committeeName?: string): string | null {
  return roles?.length ? roles.map((r) => roleWords(t, r, committeeName) ?? String(r)).join(HOLDER_SEPARATOR) : null;
}

/** A stage's name; a stage the workflow table does not know by its number. */
export function stageWords(t: TFunction, id: number): string {
  const key = stageKey(id);
  return key ? t(`workflow:stage.${key}`) : String(id);
}

/**
 * Where a file was, "Pemeriksaan Dokumen — Dalam Proses": a stage's name and spec §4's label of the status
 * there, in the locale file's template; one of them alone when the other is missing, null when both are.
 */
export function stageStatusWords(t: TFunction, stage: number | null, status: string | null): string | null {
  const stageText = stage === null ? null : stageWords(t, stage);
  const rule = status ? statusRule({ status: status as ApplicationStatus, is_submitted: true, tahap: stage === null ? null : { id: stage } }).rule : null;
  const statusText = rule === null ? null : t(`common:statusLabel.${rule}`, { defaultValue: "" }) || null;
  if (stageText && statusText) return t("workflow:stageStatus", { stage: stageText, status: statusText });
  return stageText ?? statusText;
}

/** The functions above with the page's `t` and the committee's name from the root's config. */
export function useWorkflowWords() {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const committeeName = useRootData()?.config.committeeName;
  return {
    role: (roleId: number) => roleWords(t, roleId, committeeName),
    roleLabel: (user: { role_id: number; is_fasyankes: boolean }) => roleLabelWords(t, user, committeeName),
    holder: (roles: readonly number[] | null | undefined) => holderWords(t, roles, committeeName),
    stage: (id: number) => stageWords(t, id),
    stageStatus: (stage: number | null, status: string | null) => stageStatusWords(t, stage, status),
  };
}
