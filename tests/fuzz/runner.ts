import fc from "fast-check";
import { bodyBytes, type Body, type Part } from "./grammar";
import { type Case, caseArb, type Problem, render, runBatch, useEndpoints } from "./cases";
import type { Target } from "./target";

// One fuzzing run: fast-check draws batches of cases from the grammar, sends each batch at once to the
// running portal, and checks the invariants after each (cases.ts runBatch). Meanwhile a second client
// loads /welcome every half second. A failing batch is shrunk by fast-check to its smallest form; a batch
// that killed the process is shrunk too (the server is started again before each try).

export interface FuzzOptions {
  seed: number;
  /** batches to draw (CI: a fixed number); omit with `interruptAfterMs` for a run bounded by time */
  numRuns?: number;
  interruptAfterMs?: number;
  /** replay: fast-check's path of a failure (printed with it) */
  path?: string;
  /** batches sent before any drawn one (the regression seeds) */
  examples?: Case[][];
  /** cases per batch: 1 to this */
  maxBatch?: number;
  /** once a failure is found, how many restarts of the server its shrinking may cost (each ~20 s) */
  shrinkRestarts?: number;
  /** failures already reported in this session: a batch that fails the same way passes, so the search goes on */
  known?: Set<string>;
  log?: (line: string) => void;
}

export interface WelcomeStats {
  loads: number;
  failures: string[];
  p50: number;
  p95: number;
  slowest: number;
}

export interface FuzzResult {
  details: fc.RunDetails<[Case[]]>;
  /** the invariant the reported counterexample broke */
  problem: Problem | null;
  signature: string | null;
  cases: number;
  batches: number;
  /** distinct shape tags seen (shapeTags) and how often */
  shapes: Map<string, number>;
  /** distinct targets (portal route × role, API endpoint, tus base) */
  targets: Set<string>;
  statuses: Map<string, number>;
  restarts: number;
  /** sessions a case ended that could not be renewed (role: why) */
  lostSessions: string[];
  welcome: WelcomeStats;
  seconds: number;
}

/** What kind of shape a case is, as tags (for the figures of a run: which parts of the grammar it reached). */
export function shapeTags(c: Case): string[] {
  const tags = [`kind:${c.kind}`, `framing:${c.framing}`];
  if (c.kind !== "api")
    tags.push(`origin:${c.origin.o}`, `cookies:${c.cookies.session}${c.cookies.times > 1 ? ":many" : ""}${c.cookies.extra.length > 0 ? ":extra" : ""}`);
  if (c.extras.headers.length > 0) tags.push(`headers:${c.extras.times > 1 ? "many" : "some"}${c.extras.folded ? ":folded" : ""}`);
  if (c.kind === "tus") {
    tags.push(`tus:${c.tus.method}`, ...c.tus.headers.map(([n]) => `tus-header:${n}`));
    return tags;
  }
  if (c.query.pairs || c.query.special.length > 0) tags.push("query", ...c.query.special.map((s) => `query:${s}`));
  if (c.kind === "portal") tags.push(`method:${c.method}`);
  else tags.push(`key:${c.key}`, `bearer:${c.bearer}`);
  tags.push(...bodyTags(c.body));
  return tags;
}

function partTags(p: Part): string[] {
  const tags: string[] = [`content:${p.content.c}`];
  if (p.eol !== "\r\n") tags.push("part:odd-eol");
  if (p.noBlank) tags.push("part:no-blank-line");
  const dispositions = p.headers.filter((h) => h.h === "disposition" || h.h === "folded");
  if (dispositions.length === 0) tags.push("part:no-disposition");
  if (dispositions.length > 1) tags.push("part:repeated-disposition");
  for (const h of p.headers) {
    tags.push(`part-header:${h.h}`);
    if (h.h === "disposition" || h.h === "folded") {
      const keys = h.d.params.map((x) => x.key);
      if (!keys.some((k) => k.toLowerCase() === "name")) tags.push(keys.includes("name*") ? "disposition:only-name*" : "disposition:nameless");
      if (keys.includes("filename")) tags.push("disposition:filename");
      if (new Set(keys).size < keys.length) tags.push("disposition:duplicate-param");
      for (const x of h.d.params) tags.push(`quoting:${x.quoting}`);
      if (h.d.params.some((x) => (x.key === "name" || x.key === "NAME" || x.key === "Name") && x.value === "")) tags.push("disposition:empty-name");
    }
  }
  return tags;
}

function bodyTags(b: Body): string[] {
  switch (b.b) {
    case "multipart": {
      const m = b.m;
      const tags = ["body:multipart", `boundary:${m.typeForm}`, `closing:${m.closing}`];
      if (m.cut !== null) tags.push("multipart:truncated");
      if (m.parts.length * m.times > 200) tags.push("multipart:many-parts");
      if (m.parts.length === 0) tags.push("multipart:no-parts");
      if (m.preamble) tags.push("multipart:preamble");
      for (const p of m.parts) tags.push(...partTags(p));
      return tags;
    }
    case "urlencoded": {
      const tags = ["body:urlencoded", `separator:${b.p.separator}`];
      if (b.p.pairs.length * b.p.times > 200) tags.push("urlencoded:many-fields");
      for (const x of b.p.pairs) {
        tags.push(`name-encoding:${x.nameEncoding}`, `value-encoding:${x.valueEncoding}`);
        if (x.name.steps.some((s) => s.sep === "[]" && /^\d+$/.test(s.seg) && Number(s.seg) > 1000)) tags.push("name:huge-index");
        if (x.name.times > 1) tags.push("name:long");
        if (x.value === null) tags.push("pair:no-equals");
      }
      return tags;
    }
    case "json": {
      const tags = ["body:json", `json-top:${b.j.value.t}`];
      if (b.j.cut !== null) tags.push("json:truncated");
      if (b.j.prefix) tags.push("json:prefix");
      if (b.j.suffix) tags.push("json:suffix");
      const walk = (j: typeof b.j.value, depth: number) => {
        if (j.t === "deep") tags.push(`json:deep-${j.depth}`);
        if (j.t === "object") {
          const keys = j.entries.map((e) => e.key);
          if (new Set(keys).size < keys.length || (j.times > 1 && keys.length > 0)) tags.push("json:duplicate-keys");
          if (j.entries.length * j.times > 1000) tags.push("json:wide");
          for (const e of j.entries) walk(e.value, depth + 1);
        }
        if (j.t === "array") {
          if (j.items.length * j.times > 1000) tags.push("json:wide");
          for (const x of j.items) walk(x, depth + 1);
        }
        if (j.t === "number") tags.push("json:number");
      };
      walk(b.j.value, 0);
      return tags;
    }
    default:
      return [`body:${b.b}`];
  }
}

/** A failure's kind and where: a failure of the same kind at the same place is one finding. */
export function signatureOf(problem: Problem, cases: Case[]): string {
  // one error the server logged is one finding, wherever it was reached
  if (problem.cause) return `${problem.kind}: ${problem.cause.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d+/g, "…")}`;
  const where = cases.map((c) => (c.kind === "portal" ? c.route : c.kind === "api" ? c.endpoint : `tus ${c.base}`)).join(",");
  return `${problem.kind} @ ${
    problem.kind === "5xx" || problem.kind === "no answer"
      ? problem.detail
          .split("\n")[0]!
          .replace(/ → \d+$/, "")
          .replace(/\?.*$/, "")
      : where
  }`;
}

/** A loop loading /welcome every half second while the run goes on (paused while the server restarts). */
function welcomeLoop(target: Target) {
  const times: number[] = [];
  const failures: string[] = [];
  let running = true;
  let paused = false;
  const loop = (async () => {
    while (running) {
      if (!paused && !target.dead()) {
        const started = performance.now();
        // the same "no answer" bound as every case's request (cases.ts); how long it took is a figure, not a check
        const status = await fetch(`${target.live().base}/welcome`, { signal: AbortSignal.timeout(30_000) }).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        );
        const ms = performance.now() - started;
        if (!paused) {
          times.push(ms);
          // the invariant: /welcome answers 200 (a loaded 2-core machine is slow, not down: its time is reported)
          if (status !== 200) failures.push(`${status || "no answer"} after ${ms.toFixed(0)} ms`);
        }
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return {
    pause: (p: boolean) => (paused = p),
    async stop(): Promise<WelcomeStats> {
      running = false;
      await loop;
      const sorted = [...times].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
      return { loads: times.length, failures, p50: at(0.5), p95: at(0.95), slowest: sorted[sorted.length - 1] ?? 0 };
    },
  };
}

export async function fuzz(target: Target, opts: FuzzOptions): Promise<FuzzResult> {
  useEndpoints(target.api);
  const log = opts.log ?? (() => {});
  const shapes = new Map<string, number>();
  const targets = new Set<string>();
  const statuses = new Map<string, number>();
  let cases = 0;
  let batches = 0;
  let restarts = 0;
  let failing: { problem: Problem; signature: string } | null = null;
  let restartsWhileShrinking = 0;
  let needsRestart = false;
  const welcome = welcomeLoop(target);
  const started = performance.now();

  const property = fc.asyncProperty(fc.array(caseArb(target), { minLength: 1, maxLength: opts.maxBatch ?? 4 }), async (batch) => {
    // Shrinking a crash costs a restart per try: past the budget, the smallest failing form so far is reported.
    if (failing && restartsWhileShrinking >= (opts.shrinkRestarts ?? 15)) return true;
    if (needsRestart || target.dead()) {
      welcome.pause(true);
      restarts = await target.restart();
      if (failing) restartsWhileShrinking += 1;
      needsRestart = false;
      welcome.pause(false);
    }
    const { outcomes, problem } = await runBatch(target, batch);
    batches += 1;
    cases += batch.length;
    for (const c of batch) {
      for (const t of new Set(shapeTags(c))) shapes.set(t, (shapes.get(t) ?? 0) + 1);
      targets.add(c.kind === "portal" ? `${c.role} ${c.route}` : c.kind === "api" ? c.endpoint : `tus ${c.role} ${c.base}`);
    }
    for (const o of outcomes) {
      const s = o.status === null ? "none" : String(o.status);
      statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }
    if (batches % 100 === 0) log(`… ${batches} batches, ${cases} cases, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (!problem) return true;
    if (problem.kind === "process died" || problem.kind === "server stopped answering") needsRestart = true;
    const signature = signatureOf(problem, batch);
    if (opts.known?.has(signature)) return true;
    if (!failing) log(`found: ${problem.kind}: ${problem.detail.split("\n")[0]} — shrinking`);
    failing = { problem, signature };
    throw new Error(`${problem.kind}: ${problem.detail}`);
  });

  const details = await fc.check(property, {
    seed: opts.seed,
    ...(opts.path ? { path: opts.path } : {}),
    numRuns: opts.numRuns ?? Number.MAX_SAFE_INTEGER,
    ...(opts.interruptAfterMs ? { interruptAfterTimeLimit: opts.interruptAfterMs, markInterruptAsFailure: false } : {}),
    examples: (opts.examples ?? []).map((b) => [b] as [Case[]]),
    endOnFailure: false,
  });
  const stats = await welcome.stop();
  // the reported counterexample fails the way the last failing try did (fast-check reports the last failure)
  const last = failing as { problem: Problem; signature: string } | null;
  return {
    details,
    problem: details.failed ? (last?.problem ?? null) : null,
    signature: details.failed ? (last?.signature ?? null) : null,
    cases,
    batches,
    shapes,
    targets,
    statuses,
    restarts,
    lostSessions: [...target.lostSessions].map(([role, why]) => `${role}: ${why}`),
    welcome: stats,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Long strings cut for printing: a case prints as its description, readable. */
function abbreviate(_key: string, value: unknown): unknown {
  if (typeof value === "string" && value.length > 120) return `${value.slice(0, 60)}…(${value.length} chars)`;
  if (Array.isArray(value) && value.length > 40 && value.every((v) => typeof v === "number")) return `[${value.length} numbers]`;
  return value;
}

/** A failing batch for people: the broken invariant, each case as its description and its bytes, how to replay it. */
export function describeFailure(target: Target, result: FuzzResult, replay: string): string {
  const ce = result.details.counterexample?.[0] ?? [];
  const lines = [
    `FAILURE: ${result.problem?.kind ?? "?"}`,
    `  ${result.problem?.detail.split("\n").join("\n  ") ?? ""}`,
    `  seed ${result.details.seed}, path "${result.details.counterexamplePath ?? ""}", shrunk ${result.details.numShrinks} times`,
    `  replay: ${replay} --seed ${result.details.seed} --path "${result.details.counterexamplePath ?? ""}"`,
  ];
  for (const c of ce) {
    const r = render(c, target.live());
    const body = c.kind === "tus" ? Buffer.alloc(0) : bodyBytes(c.body).bytes;
    lines.push(
      "  case: " + JSON.stringify(c, abbreviate),
      "  request head:\n    " + r.head.slice(0, 1500).split("\r\n").join("\n    "),
      `  body (${body.length} bytes): ${JSON.stringify(body.subarray(0, 600).toString("latin1"))}${body.length > 600 ? "…" : ""}`,
    );
  }
  return lines.join("\n");
}

export function describeRun(result: FuzzResult): string {
  const top = [...result.statuses.entries()].sort((a, b) => b[1] - a[1]);
  return [
    `${result.cases} cases in ${result.batches} batches, ${result.seconds.toFixed(0)} s; ${result.shapes.size} shape tags, ${result.targets.size} targets (route × session, endpoint, tus base)`,
    `answers: ${top.map(([s, n]) => `${s}×${n}`).join(" ")}`,
    `/welcome: ${result.welcome.loads} loads, p50 ${result.welcome.p50.toFixed(0)} ms, p95 ${result.welcome.p95.toFixed(0)} ms, slowest ${result.welcome.slowest.toFixed(0)} ms, ${result.welcome.failures.length} failures`,
    ...(result.lostSessions.length > 0 ? [`sessions lost (not renewed): ${result.lostSessions.join("; ")}`] : []),
    `server restarts after crashes: ${result.restarts}; fast-check: ${result.details.numRuns} runs, ${result.details.numSkips} skipped, ${result.details.interrupted ? "interrupted (time up)" : "complete"}`,
  ].join("\n");
}
