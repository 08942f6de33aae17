import { APPLICATION_STATUSES, statusRule, type ApplicationStatus } from "./status-label";
import { STAGE_IDS } from "./workflow";

// The review lists' query words, one list each, for the API that checks them and the portal that
// offers them: the tabs, the sort keys and the directions.
export const TABS = ["action", "all"] as const;
export const SORTS = ["submitted", "deadline", "name"] as const;
export const DIRS = ["asc", "desc"] as const;
export type Tab = (typeof TABS)[number];
/**
 * A page link's cursor: where the page it was made on starts or ends, made by the API and opaque to the
 * portal (docs/decisions/025-capacity.md). At most this many URL-safe characters.
 */
export const CURSOR_MAX_LENGTH = 1000;
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]+$/;

// The review lists' label filter: which stored (status, stage_id, is_submitted) give a
// rule of the spec §4 label table. Derived by running statusRule() over every stored state, so
// the table stays in status-label.ts only.

/**
 * One way to reach a label: `status` (null = no status) and `is_submitted` (undefined = either),
 * and a stage that is in `stageIds` (or, with `negate`, in none of them; an unknown stage id then
 * matches too), or is null when `nullStage`.
 */
export interface LabelCondition {
  status: ApplicationStatus | null;
  isSubmitted?: boolean;
  stageIds: number[];
  negate: boolean;
  nullStage: boolean;
}

const STATUSES: readonly (ApplicationStatus | null)[] = [null, ...APPLICATION_STATUSES];
/** Stands for every stage id the workflow does not know. */
const OTHER = -1;
const STAGE_VALUES: readonly (number | null)[] = [...STAGE_IDS, OTHER, null];

const cache = new Map<number, LabelCondition[]>();

/** The conditions (any one suffices) under which statusRule() gives rule `rule`; empty for an unknown rule. */
export function labelConditions(rule: number): LabelCondition[] {
  const hit = cache.get(rule);
  if (hit) return hit;
  const out: LabelCondition[] = [];
  for (const status of STATUSES) {
    const stagesFor = (is_submitted: boolean) =>
      STAGE_VALUES.filter((stage) => statusRule({ status, is_submitted, tahap: stage === null ? null : { id: stage } }).rule === rule);
    const submitted = stagesFor(true);
    const draft = stagesFor(false);
    const same = submitted.length === draft.length && submitted.every((s, i) => s === draft[i]);
    const groups: [boolean | undefined, (number | null)[]][] = same
      ? [[undefined, submitted]]
      : [
          [true, submitted],
          [false, draft],
        ];
    for (const [isSubmitted, stages] of groups) {
      if (stages.length === 0) continue;
      const nullStage = stages.includes(null);
      const known = stages.filter((s): s is number => s !== null && s !== OTHER);
      const negate = stages.includes(OTHER);
      out.push({
        status,
        ...(isSubmitted === undefined ? {} : { isSubmitted }),
        stageIds: negate ? STAGE_IDS.filter((id) => !known.includes(id)) : known,
        negate,
        nullStage,
      });
    }
  }
  cache.set(rule, out);
  return out;
}
