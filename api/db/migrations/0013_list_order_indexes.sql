-- contract: historical (written before this rule covered indexes): release N−1 read the list through the new (sort key, id) indexes made below, no index it relied on for a constraint went
DROP INDEX "applications_submitted_at_idx";--> statement-breakpoint
DROP INDEX "applications_deadline_at_idx";--> statement-breakpoint
DROP INDEX "applications_applicant_name_idx";--> statement-breakpoint
CREATE INDEX "applications_submitted_at_id_idx" ON "applications" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_deadline_at_id_idx" ON "applications" USING btree ("deadline_at","id");--> statement-breakpoint
CREATE INDEX "applications_applicant_name_id_idx" ON "applications" USING btree ("applicant_name","id");