DROP INDEX "applications_submitted_at_idx";--> statement-breakpoint
DROP INDEX "applications_deadline_at_idx";--> statement-breakpoint
DROP INDEX "applications_applicant_name_idx";--> statement-breakpoint
CREATE INDEX "applications_submitted_at_id_idx" ON "applications" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_deadline_at_id_idx" ON "applications" USING btree ("deadline_at","id");--> statement-breakpoint
CREATE INDEX "applications_applicant_name_id_idx" ON "applications" USING btree ("applicant_name","id");