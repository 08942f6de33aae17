// The access log's cost per page view (docs/decisions/026-access-log.md): the reviewer's file detail
// with and without recording who read it, against a plain page in the same run.
//   node bench/access-log.mjs [--rounds=300]
// In one process (re-run under tsx): the API on PGlite in a temporary directory with the demo data; requests go to
// the Hono app in-process (no network). Three timings, interleaved round by round so load on the machine
// falls on all alike, reported as medians:
//   plain   GET /api/v1/config/public through the whole API stack (a small remembered read);
//   before  the detail as the service built it before the log (reviewDetail without a reader);
//   after   the same with the reader, as GET /review/applications/{id} calls it: its access_log row
//           inserted beside the detail's reads.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};

if (!process.env.BENCH_ACCESS_CHILD) {
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ["--import", "tsx", self, ...args], { stdio: "inherit", env: { ...process.env, BENCH_ACCESS_CHILD: "1" } });
  process.exit(child.status ?? 1);
}

const ROUNDS = Number(opt("rounds", 300));
const WARMUP = 30;
const API_KEY = "bench-api-key";

const pino = (await import("pino")).default;
const { eq, and, sql } = await import("drizzle-orm");
const { startApi } = await import("../api/index.ts");
const { applications, users, accessLog } = await import("../api/db/schema.ts");
const { reviewDetail } = await import("../api/services/review/review.ts");

// A PGlite data directory of its own (the demo applications need file storage beside it), removed after.
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-access-"));
const api = await startApi({
  dataDir,
  apiKey: API_KEY,
  jwtSecret: "bench-jwt-secret-at-least-32-characters-long",
  seedDemo: true,
  logger: pino({ level: "silent" }),
});
try {
  const headers = { "x-adaptasiapikey": API_KEY };
  const [reader] = await api.db
    .select({ id: users.id, roleId: users.roleId, fullName: users.fullName })
    .from(users)
    .where(eq(users.email, "superadmin@adaptasi.test"));
  const [app] = await api.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.isSubmitted, true)))
    .limit(1);
  if (!app) throw new Error("no submitted demo application");

  const runs = {
    plain: async () => {
      const res = await api.app.request("/api/v1/config/public", { headers });
      if (res.status !== 200) throw new Error(`config ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    },
    before: () => reviewDetail(api.db, reader.roleId, app.id),
    after: () => reviewDetail(api.db, reader.roleId, app.id, undefined, reader),
  };
  const times = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const [name, run] of Object.entries(runs)) {
      const t0 = performance.now();
      await run();
      if (round >= WARMUP) times[name].push(performance.now() - t0);
    }
  }
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)];
  };
  const m = Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, median(xs)]));
  const [{ rows }] = await api.db.select({ rows: sql`count(*)::int` }).from(accessLog);
  const fmt = (x) => `${x.toFixed(3)} ms`;
  console.log(`access log bench: ${ROUNDS} rounds (+${WARMUP} warm-up), medians, PGlite in a temporary directory, in-process`);
  console.log(`  plain page (config)          ${fmt(m.plain)}   = 1.00 plain`);
  console.log(`  detail, before (no record)   ${fmt(m.before)}   = ${(m.before / m.plain).toFixed(2)} plain`);
  console.log(`  detail, after (recorded)     ${fmt(m.after)}   = ${(m.after / m.plain).toFixed(2)} plain`);
  console.log(
    `  recording costs              ${fmt(m.after - m.before)}   = ${((m.after - m.before) / m.plain).toFixed(2)} plain, ${(((m.after - m.before) / m.before) * 100).toFixed(1)} % of the detail`,
  );
  console.log(`  access_log rows written      ${rows}`);
} finally {
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
}
