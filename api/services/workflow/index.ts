// Every change of an application's state, each written with its audit row in one transaction
// (audit.ts is the only writer of those rows); mail goes out after the commit.
export { answerAdditional, requestAdditional } from "./additional";
export { changeDraftPathway, insertDraft, reuploadDocuments, startDraft, submitApplication, type NewDraft } from "./applicant";
export { actorOf, appendAudit, type Actor, type AuditEntry } from "./audit";
export { decideApplication, type DecisionInput, type DecisionOptions } from "./decisions";
