// The API answers some words beside their ids, in its default language, for programs and the CSV export
// (decision 031): role names (`actor`, `holder`), stage names (`{ id, name }`) and "stage —
// label" lines (`from`, `to`). A page words the ids itself, in the request's language
// (app/utils/workflow-words.ts), so what a loader hands a page leaves those words out.

/** A stage as a page gets it: its id (a page names it with `t`). */
export type StageId = { id: number };

/** A stage reference without the API's name. */
export function stageOnly(ref: StageId | null): StageId | null;
export function stageOnly(ref: StageId | null | undefined): StageId | null | undefined;
export function stageOnly(ref: StageId | null | undefined): StageId | null | undefined {
  return ref ? { id: ref.id } : ref;
}

/** A move from one (stage, status) to another without the API's composed lines; an actor without the role's name. */
export function withoutLines<E extends { from: string | null; to: string | null }>(entry: E): Omit<E, "from" | "to" | "actor"> {
  const { from: _from, to: _to, actor: _actor, ...rest } = entry as E & { actor?: unknown };
  return rest;
}

/** An application (contracts/applications.ts) without the API's words: its stage by id, its holder by role ids. */
export function pageApplication<A extends { tahap: StageId | null; holder: string | null; timeline: Array<{ from: string | null; to: string | null }> }>(
  application: A,
) {
  const { holder: _holder, tahap, timeline, ...rest } = application;
  return { ...rest, tahap: stageOnly(tahap), timeline: timeline.map((e) => withoutLines(e as A["timeline"][number])) };
}

export type PageApplication<A extends Parameters<typeof pageApplication>[0]> = ReturnType<typeof pageApplication<A>>;
