CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "open_stage_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "reached_stages" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "applicant_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "applicant_email" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("applications"."registration_number" || ' ' || coalesce("applications"."applicant_name", '') || ' ' || coalesce("applications"."applicant_email", ''))) STORED;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "internal_note" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "details" jsonb;--> statement-breakpoint
CREATE INDEX "applications_open_stage_deadline_idx" ON "applications" USING btree ("open_stage_id","deadline_at");--> statement-breakpoint
CREATE INDEX "applications_open_stage_submitted_idx" ON "applications" USING btree ("open_stage_id","submitted_at");--> statement-breakpoint
CREATE INDEX "applications_submitted_at_idx" ON "applications" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "applications_deadline_at_idx" ON "applications" USING btree ("deadline_at");--> statement-breakpoint
CREATE INDEX "applications_applicant_name_idx" ON "applications" USING btree ("applicant_name");--> statement-breakpoint
CREATE INDEX "applications_reached_stages_idx" ON "applications" USING gin ("reached_stages");--> statement-breakpoint
CREATE INDEX "applications_search_text_trgm_idx" ON "applications" USING gin ("search_text" gin_trgm_ops);;--> statement-breakpoint
-- Backfill the review state of applications made before this migration (issue 4 submitted them IN-PROGRESS at their first stage).
UPDATE "applications" AS a SET "applicant_email" = u."email", "applicant_name" = coalesce(p."full_name", u."full_name")
  FROM "users" AS u LEFT JOIN "applicant_profiles" AS p ON p."user_id" = u."id"
  WHERE u."id" = a."applicant_user_id";--> statement-breakpoint
UPDATE "applications" SET "reached_stages" = ARRAY["stage_id"] WHERE "is_submitted" AND "stage_id" IS NOT NULL;--> statement-breakpoint
UPDATE "applications" AS a SET "open_stage_id" = a."stage_id", "deadline_at" = a."stage_started_at" + s."days" * interval '1 day'
  FROM "sla_settings" AS s
  WHERE a."is_submitted" AND a."status" = 'IN-PROGRESS' AND s."stage_id" = a."stage_id";
