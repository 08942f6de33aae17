CREATE TABLE "job_leases" (
	"job" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"progress" jsonb
);
--> statement-breakpoint
CREATE INDEX "applications_draft_id_idx" ON "applications" USING btree ("id") WHERE "applications"."is_submitted" = false and "applications"."is_final" = false;--> statement-breakpoint
CREATE INDEX "applications_closed_kept_id_idx" ON "applications" USING btree ("id") WHERE "applications"."is_final" = true and "applications"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "audit_log_decision_idx" ON "audit_log" USING btree ("application_id","created_at") WHERE "audit_log"."action" = 'DECISION';