import type { JalurId } from "./documents";
import { ROLE } from "./roles";

/** The stored status of an application (spec §4); the API, the database check and the lists use this list. */
export const APPLICATION_STATUSES = ["IN-PROGRESS", "FAILED", "PASSED", "REUPLOAD"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

// DESIGN §4 "Review bodies": the stages of each pathway, who decides them and where a pass leads.
// The API seeds its SLA defaults from here and enforces decisions with it.

export type StageId = 1 | 2 | 3 | 4 | 11 | 12 | 13 | 21 | 22 | 23;

/** A stage's kind: its words are the locale files' `workflow.stage.<key>` (./workflow-words.ts for the API, `t()` on a page). */
export type StageKey = "documentCheck" | "equivalence" | "competency" | "debriefing" | "feasibility";

export interface Stage {
  id: StageId;
  key: StageKey;
  jalur: JalurId;
  /** role ids allowed to decide this stage */
  deciders: readonly number[];
  /** where PASSED leads: the next stage, or "final" */
  onPassed: StageId | "final";
  /** a document-check stage may send the file back to the applicant (REUPLOAD) */
  allowsReupload: boolean;
  /** days allowed by default (SLA), editable on /sla-setting */
  slaDays: number;
}

const EQUIVALENCE = "equivalence";
const COMPETENCY = "competency";
const DEBRIEFING = "debriefing";
const FEASIBILITY = "feasibility";

const documentCheck = (id: StageId, jalur: JalurId, onPassed: StageId): Stage => ({
  id,
  key: "documentCheck",
  jalur,
  deciders: [ROLE.ADMIN, ROLE.SUBKOMITE_EVALUASI],
  onPassed,
  allowsReupload: true,
  slaDays: 14,
});

const stage = (id: StageId, key: StageKey, jalur: JalurId, deciders: number[], onPassed: StageId | "final"): Stage => ({
  id,
  key,
  jalur,
  deciders,
  onPassed,
  allowsReupload: false,
  slaDays: 30,
});

export const STAGES: readonly Stage[] = Object.freeze([
  documentCheck(1, "REG", 2),
  stage(2, EQUIVALENCE, "REG", [ROLE.KOLEGIUM], 3),
  stage(3, COMPETENCY, "REG", [ROLE.SUBKOMITE_EVALUASI], 4),
  stage(4, DEBRIEFING, "REG", [ROLE.SUBKOMITE_PEMBEKALAN], "final"),
  documentCheck(11, "SPE", 12),
  stage(12, COMPETENCY, "SPE", [ROLE.SUBKOMITE_EVALUASI], 13),
  stage(13, DEBRIEFING, "SPE", [ROLE.SUBKOMITE_PEMBEKALAN], "final"),
  documentCheck(21, "OTH", 22),
  stage(22, COMPETENCY, "OTH", [ROLE.SUBKOMITE_EVALUASI], 23),
  stage(23, FEASIBILITY, "OTH", [ROLE.KKI], "final"),
]);

export const STAGE_IDS = STAGES.map((s) => s.id);

export function stageById(id: number): Stage | undefined {
  return STAGES.find((s) => s.id === id);
}

/** The stage a submitted application starts in. */
export function firstStage(jalur: JalurId): StageId {
  const first = STAGES.find((s) => s.jalur === jalur);
  if (!first) throw new Error(`no stages for ${jalur}`);
  return first.id;
}

/** The stages of a pathway in the order a file passes them. */
export function stagesOf(jalur: JalurId): Stage[] {
  const out: Stage[] = [];
  for (let s: Stage | undefined = stageById(firstStage(jalur)); s; s = s.onPassed === "final" ? undefined : stageById(s.onPassed)) {
    out.push(s);
  }
  return out;
}

/** The key of a stage's words (`workflow.stage.<key>`); undefined for a stage the table does not know. */
export function stageKey(id: number): StageKey | undefined {
  return stageById(id)?.key;
}

/**
 * Who holds a file, as the applicant reads it: the deciding bodies of its open stage, or the applicant
 * while a reupload is awaited; null when nobody does (a draft, a closed file). Role ids, worded by a page.
 */
export function holderRoles(state: { status: ApplicationStatus | null; openStageId: number | null }): number[] | null {
  if (state.status === "REUPLOAD") return [ROLE.APPLICANT];
  const open = state.openStageId === null ? undefined : stageById(state.openStageId);
  return open ? [...open.deciders] : null;
}

/** How a holder's role names are joined ("Admin / Sub-Komite Evaluasi Kompetensi"). */
export const HOLDER_SEPARATOR = " / ";

/** Default SLA days per stage, as the API seeds its sla_settings table. */
export const DEFAULT_SLA_DAYS: Readonly<Record<number, number>> = Object.fromEntries(STAGES.map((s) => [s.id, s.slaDays]));

/** The deadline of a stage started at `startedAt` with `days` allowed. */
export function stageDeadline(startedAt: Date, days: number): Date {
  return new Date(startedAt.getTime() + days * 24 * 60 * 60 * 1000);
}

// ---------------------------------------------------------------------------------------------
// Decisions (decision 008). An application's stored state is (stage_id, status).
// A PASSED stage keeps its own label (Setara, Kompeten, … or rule 11 "Selesai" for the document
// check) and opens the next stage at once: the next body may decide it, and its SLA clock runs
// from the moment of the pass. IN-PROGRESS opens the stored stage itself. REUPLOAD waits for the
// applicant; FAILED and a final PASSED close the file.

export const DECISIONS = ["PASSED", "FAILED", "REUPLOAD"] as const;
export type Decision = (typeof DECISIONS)[number];

export interface WorkflowState {
  is_submitted: boolean;
  status: ApplicationStatus | null;
  stage_id: number | null;
}

/** The stage whose decision is awaited, or null (draft, waiting for a reupload, or closed). */
export function openStage(state: WorkflowState): StageId | null {
  if (!state.is_submitted || state.stage_id === null) return null;
  const stage = stageById(state.stage_id);
  if (!stage) return null;
  if (state.status === "IN-PROGRESS") return stage.id;
  if (state.status === "PASSED" && stage.onPassed !== "final") return stage.onPassed;
  return null;
}

/** Whether the file is closed for good (no stage will ever open again). */
export function isClosed(state: WorkflowState): boolean {
  return state.is_submitted && state.status !== "REUPLOAD" && openStage(state) === null;
}

/** The stages a role decides. */
export function stagesDecidedBy(role: number): StageId[] {
  return STAGES.filter((s) => s.deciders.includes(role)).map((s) => s.id);
}

/** The decisions a role may take at a stage (empty when it may not decide it). */
export function decisionsFor(role: number, stageId: number): Decision[] {
  const s = stageById(stageId);
  if (!s || !s.deciders.includes(role)) return [];
  return DECISIONS.filter((d) => d !== "REUPLOAD" || s.allowsReupload);
}

export type DecideResult =
  | { ok: true; to: { stage_id: StageId; status: Decision }; opens: StageId | null; final: boolean }
  | { ok: false; code: "NOT_YOUR_STAGE" | "STAGE_NOT_OPEN" | "DECISION_NOT_ALLOWED" | "NOTE_REQUIRED" };

/**
 * The one rule every decision goes through: `role` decides `stageId` of an application in `state`.
 * NOT_YOUR_STAGE → 403; STAGE_NOT_OPEN → 409 (already decided or not there yet); the others → 400.
 */
export function decide(state: WorkflowState, role: number, stageId: number, decision: Decision, note: string | null | undefined): DecideResult {
  const stage = stageById(stageId);
  if (!stage || !stage.deciders.includes(role)) return { ok: false, code: "NOT_YOUR_STAGE" };
  if (openStage(state) !== stage.id) return { ok: false, code: "STAGE_NOT_OPEN" };
  if (decision === "REUPLOAD" && !stage.allowsReupload) return { ok: false, code: "DECISION_NOT_ALLOWED" };
  if ((decision === "FAILED" || decision === "REUPLOAD") && !note?.trim()) return { ok: false, code: "NOTE_REQUIRED" };
  if (decision === "PASSED") {
    const opens = stage.onPassed === "final" ? null : stage.onPassed;
    return { ok: true, to: { stage_id: stage.id, status: "PASSED" }, opens, final: opens === null };
  }
  if (decision === "FAILED") return { ok: true, to: { stage_id: stage.id, status: "FAILED" }, opens: null, final: true };
  return { ok: true, to: { stage_id: stage.id, status: "REUPLOAD" }, opens: null, final: false };
}

/**
 * Whether `decision` at `stageId` closes the file for good (any FAILED, a PASSED at the pathway's last
 * stage): the portal asks Yes/No before such a decision (spec §9), and only before such a one.
 */
export function endsFile(stageId: number, decision: Decision): boolean {
  if (decision === "FAILED") return true;
  return decision === "PASSED" && stageById(stageId)?.onPassed === "final";
}

/** Stages that precede `id` in its pathway (a file that reached `id` has passed them all). */
export function stagesBefore(id: number): StageId[] {
  const s = stageById(id);
  if (!s) return [];
  const all = stagesOf(s.jalur);
  return all
    .slice(
      0,
      all.findIndex((x) => x.id === id),
    )
    .map((x) => x.id);
}

/** Staff roles that see every application (contract: role 1 drafts too, role 7 every submitted one). */
export const SEES_EVERY_APPLICATION: readonly number[] = [ROLE.SUPER_ADMIN, ROLE.KKI];

/** Whether a staff role may see an application: 1 and 7 all, the others what reached their stages. */
export function staffMaySee(role: number, app: { is_submitted: boolean; reached_stages: readonly number[] }): boolean {
  if (role === ROLE.SUPER_ADMIN) return true;
  if (!app.is_submitted) return false;
  if (role === ROLE.KKI) return true;
  const mine = stagesDecidedBy(role);
  return app.reached_stages.some((s) => mine.includes(s as StageId));
}
