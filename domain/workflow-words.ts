// The workflow's stage names with their words, for the API's texts a person reads (the CSV export, the mails,
// the data download) and scripts: the locale files' workflow.stage.<key>, in the default language, as the spec names
// them. The browser never imports this module; a page words a stage id with `t()` (app/utils/workflow-words.ts).
import workflow from "#locales/id/workflow.json";
import { stageKey } from "./workflow";

/** A stage's name; undefined for a stage the workflow table does not know. */
export function stageName(id: number): string | undefined {
  const key = stageKey(id);
  return key && workflow.stage[key];
}

/** "Pemeriksaan Dokumen — Dalam Proses": a stage's name and a status label in the locale file's template. */
export function stageStatusWords(stage: string, status: string): string {
  return workflow.stageStatus.replace("{{stage}}", stage).replace("{{status}}", status);
}
