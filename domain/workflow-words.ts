// The workflow's stage names with their words, for the API (its answers, the CSV export, the mails, the data
// download) and scripts: the locale files' workflow.stage.<key>, in the default language, as the spec names
// them. The browser never imports this module; a page words a stage id with `t()` (app/utils/workflow-words.ts).
import workflow from "#locales/id/workflow.json";
import { ROLE_LABELS } from "./role-words";
import { HOLDER_SEPARATOR, stageKey } from "./workflow";

/** A stage's name; undefined for a stage the workflow table does not know. */
export function stageName(id: number): string | undefined {
  const key = stageKey(id);
  return key && workflow.stage[key];
}

/** "Pemeriksaan Dokumen — Dalam Proses": a stage's name and a status label in the locale file's template. */
export function stageStatusWords(stage: string, status: string): string {
  return workflow.stageStatus.replace("{{stage}}", stage).replace("{{status}}", status);
}

/** Who holds a file (domain/workflow holderRoles) as the default language names them. */
export function holderWords(roles: readonly number[] | null): string | null {
  return roles ? roles.map((r) => ROLE_LABELS[r]).join(HOLDER_SEPARATOR) : null;
}
