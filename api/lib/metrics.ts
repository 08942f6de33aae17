import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// The process's Prometheus metrics, in one registry served at /metrics (server/metrics.ts).
// Every label takes a bounded set of values: a route is its pattern (`/api/v1/applications/:id`),
// never the URL a client sent, so a crawler cannot grow the series.
//
// The mail worker and the scheduled jobs set their own metrics here: `reportMailQueue(count)` (read at
// each scrape), `mailSent.inc()`, `mailFailures.inc({ kind: "retry" | "permanent" })`, `jobRuns.inc({ job, outcome })`.

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "adaptasi_" });

export const httpRequestDuration = new Histogram({
  name: "adaptasi_http_request_duration_seconds",
  help: "Time from a request's arrival until its answer was sent, by method, route pattern and status code",
  labelNames: ["method", "route", "status"] as const,
  // from a health check (ms) to a slow phone's 5 MB upload (minutes)
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

export const httpResponses = new Counter({
  name: "adaptasi_http_responses_total",
  help: "Answers sent, by status code",
  labelNames: ["status"] as const,
  registers: [registry],
});

/** What the database driver tells about its connections; PGlite is one connection inside the process. */
export interface DatabasePoolStats {
  kind: "pglite" | "postgres";
  /** connections open (PostgreSQL pool) or 1 (PGlite) */
  total: number;
  /** open connections no query uses (PostgreSQL); undefined for PGlite */
  idle?: number;
  /** queries waiting for a free connection (PostgreSQL); undefined for PGlite */
  waiting?: number;
  /** the pool's maximum (PostgreSQL) or 1 (PGlite) */
  max: number;
}

let poolSource: (() => DatabasePoolStats) | undefined;

/**
 * The database handle registers how its pool is read (the last one opened in this process is
 * reported); the function returned forgets it again, when the handle closes.
 */
export function reportDatabasePool(source: () => DatabasePoolStats): () => void {
  poolSource = source;
  return () => {
    if (poolSource === source) poolSource = undefined;
  };
}

new Gauge({
  name: "adaptasi_db_pool_connections",
  help: "Database connections by state: total, idle, waiting (queries queued for a connection), max; PGlite reports total and max 1",
  labelNames: ["kind", "state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    const stats = poolSource?.();
    if (!stats) return;
    this.set({ kind: stats.kind, state: "total" }, stats.total);
    this.set({ kind: stats.kind, state: "max" }, stats.max);
    if (stats.idle !== undefined) this.set({ kind: stats.kind, state: "idle" }, stats.idle);
    if (stats.waiting !== undefined) this.set({ kind: stats.kind, state: "waiting" }, stats.waiting);
  },
});

/** Migrations the database has that this code does not know (set at start; api/db/migration-rules.ts). */
export const schemaAhead = new Gauge({
  name: "adaptasi_schema_ahead",
  help: "Migrations applied to the database that this build does not know: 0, unless a newer release migrated it (alert when above 0)",
  registers: [registry],
});

let mailQueueSource: (() => Promise<number>) | undefined;

/**
 * The mail worker registers how the outbox's waiting mails are counted (the last one started in this
 * process is reported); the function returned forgets it again, when the worker closes.
 */
export function reportMailQueue(source: () => Promise<number>): () => void {
  mailQueueSource = source;
  return () => {
    if (mailQueueSource === source) mailQueueSource = undefined;
  };
}

/**
 * Mails recorded and not yet delivered, counted at each scrape: whether this instance sends them, holds
 * them (a copy of the database, docs/operations.md §4) or the mail server refuses them.
 */
export const mailQueueDepth = new Gauge({
  name: "adaptasi_mail_queue_depth",
  help: "Mails waiting for delivery in the shared database, held ones included: every instance reports the same count, so alert on max(), never sum()",
  registers: [registry],
  async collect() {
    if (!mailQueueSource) return;
    try {
      this.set(await mailQueueSource());
    } catch {
      // the database does not answer: the last count stays (the pool metric and /readyz say why)
    }
  },
});

export const mailSent = new Counter({
  name: "adaptasi_mail_sent_total",
  help: "Mails the mail server accepted",
  registers: [registry],
});

/** `kind`: "retry" (will be tried again) or "permanent" (kept for the Super Admin). */
export const mailFailures = new Counter({
  name: "adaptasi_mail_failures_total",
  help: "Mail delivery attempts that failed, by kind: retry or permanent",
  labelNames: ["kind"] as const,
  registers: [registry],
});

/** What a scheduled job's run came to: "held" when a copy of the database not yet adopted runs none. */
/** "busy": a tick found the job still running from an earlier tick and left it alone. */
export const JOB_OUTCOMES = ["ok", "error", "held", "busy"] as const;

/** `outcome`: one of JOB_OUTCOMES; `job`: the scheduled job's name. */
export const jobRuns = new Counter({
  name: "adaptasi_job_runs_total",
  help: "Scheduled job runs by job and outcome",
  labelNames: ["job", "outcome"] as const,
  registers: [registry],
});

export const jobLastRun = new Gauge({
  name: "adaptasi_job_last_run_timestamp_seconds",
  help: "When each scheduled job last finished (Unix time)",
  labelNames: ["job"] as const,
  registers: [registry],
});

// Counters start at zero for every label an alert watches, so `rate(x[5m]) > 0` works from the first
// scrape without `or vector(0)`: each kind of mail failure, the server errors, and (where the jobs are
// named, api/services/scheduled-jobs.ts) each job × outcome.
for (const kind of ["retry", "permanent"] as const) mailFailures.inc({ kind }, 0);
for (const status of ["500", "502", "503", "504", "aborted"]) httpResponses.inc({ status }, 0);

// The API names the pattern of the route that answered an HTTP request (its Node request object is
// the key), so the portal's request metric labels API calls by pattern too.
const routePatterns = new WeakMap<object, string>();

export function markRoutePattern(incoming: object, pattern: string): void {
  routePatterns.set(incoming, pattern);
}

export function routePatternOf(incoming: object): string | undefined {
  return routePatterns.get(incoming);
}
