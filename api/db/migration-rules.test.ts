import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { startApi } from "../index";
import { registry } from "../lib/metrics";
import { TEST_API_KEY, TEST_JWT_SECRET } from "../test/helpers";
import { MIGRATIONS_FOLDER, openDatabase } from "./client";
import { migrationsAhead, newestKnownMigration, unmarkedContractions, unmarkedMigrations } from "./migration-rules";

describe("migrations expand, then contract a release later (docs/operations.md §5)", () => {
  it("every migration of this repository that drops, renames or retypes carries its contract marker", () => {
    expect(unmarkedMigrations(MIGRATIONS_FOLDER)).toEqual([]);
  });

  it("finds an unmarked drop, rename or type change, and lets it pass once marked", () => {
    const generated = (statement: string) => `CREATE INDEX "x_idx" ON "t" ("a");--> statement-breakpoint\n${statement}`;
    for (const statement of [
      'ALTER TABLE "users" DROP COLUMN "phone";',
      'DROP TABLE "announcements" CASCADE;',
      'ALTER TABLE "users" RENAME COLUMN "phone" TO "mobile";',
      'ALTER TABLE "users" RENAME TO "accounts";',
      'ALTER TABLE "users" ALTER COLUMN "phone" SET DATA TYPE integer;',
    ]) {
      expect(unmarkedContractions(generated(statement)), statement).toHaveLength(1);
      expect(unmarkedContractions(`-- contract: 0014 stopped reading it\n${generated(statement)}`), statement).toEqual([]);
    }
    // expanding is free; a comment naming a drop is not a drop
    expect(
      unmarkedContractions('ALTER TABLE "users" ADD COLUMN "mobile" text;--> statement-breakpoint\n-- DROP COLUMN later\nCREATE TABLE "x" ("id" serial);'),
    ).toEqual([]);
  });

  it(
    "counts the migrations a newer release applied, and a start on such a schema warns once and sets adaptasi_schema_ahead",
    { timeout: 120_000 },
    async () => {
      const handle = await openDatabase({ inMemory: true });
      try {
        await handle.migrate();
        expect(await migrationsAhead(handle.db, MIGRATIONS_FOLDER)).toBe(0);
      } finally {
        await handle.close();
      }

      const dataDir = await mkdtemp(path.join(tmpdir(), "adaptasi-schema-ahead-"));
      const lines: Array<{ level: number; msg: string; migrationsAhead?: number }> = [];
      const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
      const start = () => startApi({ dataDir, apiKey: TEST_API_KEY, jwtSecret: TEST_JWT_SECRET, seedDemo: false, logger });
      try {
        let api = await start();
        // What a newer release's start leaves: one migration this code has never seen.
        await api.db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${newestKnownMigration(MIGRATIONS_FOLDER) + 60_000})`,
        );
        await api.close();
        expect(lines.filter((l) => l.level === 40)).toEqual([]);

        api = await start();
        await api.close();
        const warnings = lines.filter((l) => l.level === 40 && /schema is newer than this code/.test(l.msg));
        expect(warnings).toHaveLength(1);
        expect(warnings[0].migrationsAhead).toBe(1);
        expect(await registry.getSingleMetricAsString("adaptasi_schema_ahead")).toMatch(/^adaptasi_schema_ahead 1$/m);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
