// Every change of an application's state, each written with its audit row in one transaction
// (audit.ts is the only writer of those rows); mail goes out after the commit.
export { answerAdditional, requestAdditional } from "./additional";
export { changeDraftPathway, reuploadDocuments, startDraft, submitApplication } from "./applicant";
export { actorOf, type Actor } from "./audit";
export { decideApplication, type DecisionInput, type DecisionOptions } from "./decisions";
