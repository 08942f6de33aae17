// Every change of an application: the draft's edits (draft.ts), and the steps the audit log records —
// submission, reupload, decision, additional request and answer — each written with its audit row in
// one transaction (audit.ts is the only writer of those rows). Mail goes out after the commit.
export { answerAdditional, requestAdditional } from "./additional";
export { returnReupload, reuploadDocuments, submitApplication } from "./applicant";
export { actorOf, appendAudit, type Actor, type AuditEntry } from "./audit";
export { decideApplication, type DecisionInput, type DecisionOptions } from "./decisions";
export {
  changeDraftPathway,
  insertDraft,
  removeDraftDocument,
  saveAchievements,
  savePortfolio,
  startDraft,
  uploadDraftDocuments,
  type NewDraft,
} from "./draft";
