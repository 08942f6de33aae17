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
  it("every migration of this repository that contracts (drops, renames, retypes, constrains, deletes) carries its contract marker", () => {
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

  it("finds what breaks release N−1's writes or reads during an update: NOT NULL without a default, SET NOT NULL, new constraints, dropped indexes and constraints, deleted rows", () => {
    for (const statement of [
      // N−1's inserts leave the column out: refused
      'ALTER TABLE "applications" ADD COLUMN "channel" text NOT NULL;',
      'ALTER TABLE "applications" ADD COLUMN "a" text, ADD COLUMN "b" integer NOT NULL;',
      // N−1 may still write nulls
      'ALTER TABLE "users" ALTER COLUMN "phone" SET NOT NULL;',
      // N−1 may write rows a new constraint refuses
      'ALTER TABLE "users" ADD CONSTRAINT "users_phone_unique" UNIQUE("phone");',
      'ALTER TABLE "users" ADD CONSTRAINT "users_phone_check" CHECK ("users"."phone" ~ \'^[0-9+]+$\');',
      'ALTER TABLE "files" ADD CONSTRAINT "files_owner_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;',
      'CREATE UNIQUE INDEX "users_phone_idx" ON "users" USING btree ("phone");',
      // what N−1 reads or relies on
      'ALTER TABLE "users" DROP CONSTRAINT "users_nik_unique";',
      'DROP INDEX "applications_submitted_at_id_idx";',
      'DROP INDEX IF EXISTS "applications_submitted_at_id_idx";',
      'DELETE FROM "mail_outbox" WHERE "status" = \'sent\';',
      'TRUNCATE "login_attempts";',
    ]) {
      expect(unmarkedContractions(statement), statement).toEqual([statement]);
      expect(unmarkedContractions(`-- contract: release 0.9 writes the column on every insert\n${statement}`), statement).toEqual([]);
    }
    for (const statement of [
      // a default (or a computed value) fills what N−1 leaves out; a nullable column is free
      'ALTER TABLE "application_documents" ADD COLUMN "replaceable" boolean DEFAULT false NOT NULL;',
      'ALTER TABLE "applications" ADD COLUMN "anonymised_at" timestamp with time zone;',
      'ALTER TABLE "applications" ADD COLUMN "search" text GENERATED ALWAYS AS (lower("applications"."applicant_name")) STORED NOT NULL;',
      // constraints on a table, or on columns, this migration makes: N−1 never writes them
      'CREATE TABLE "tus_uploads" ("id" text PRIMARY KEY NOT NULL, "account_id" uuid NOT NULL);--> statement-breakpoint\nALTER TABLE "tus_uploads" ADD CONSTRAINT "tus_uploads_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint\nCREATE UNIQUE INDEX "tus_one" ON "tus_uploads" USING btree ("account_id");',
      'ALTER TABLE "users" ADD COLUMN "nik" text;--> statement-breakpoint\nALTER TABLE "users" ADD CONSTRAINT "users_nik_unique" UNIQUE("nik");',
      'ALTER TABLE "users" ADD COLUMN "jalur" text;--> statement-breakpoint\nALTER TABLE "users" ADD CONSTRAINT "users_jalur" CHECK ("users"."jalur" in (\'REG\', \'SPE\'));',
      'ALTER TABLE "applications" ADD COLUMN "kind_id" integer;--> statement-breakpoint\nALTER TABLE "applications" ADD CONSTRAINT "applications_kind_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."kinds"("id") ON DELETE no action ON UPDATE no action;',
      // a plain index, and a backfill
      'CREATE INDEX "applications_x_idx" ON "applications" USING btree ("submitted_at","id");',
      'UPDATE "applications" SET "reached_stages" = ARRAY["stage_id"] WHERE "is_submitted";',
    ]) {
      expect(unmarkedContractions(statement), statement).toEqual([]);
    }
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
