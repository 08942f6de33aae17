-- Each decision keeps when its stage's clock started, written with the row (api/services/stage-clock.ts), and
-- /kinerja reads a month's waits from one index range (docs/decisions/034-performance-dashboard.md). Expand
-- only: a nullable column and an index. No backfill: audit_log is append-only (trigger audit_log_no_update);
-- rows written before keep a null start, and /kinerja looks theirs up from the row before, as it did.
ALTER TABLE "audit_log" ADD COLUMN "stage_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_decision_waits_idx" ON "audit_log" USING btree ("created_at","to_stage","to_status","actor_role","stage_started_at") WHERE "audit_log"."action" = 'DECISION';