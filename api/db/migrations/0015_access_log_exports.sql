CREATE TABLE "access_log_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"access_log_id" integer NOT NULL,
	"application_ids" uuid[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_log_exports" ADD CONSTRAINT "access_log_exports_access_log_id_access_log_id_fk" FOREIGN KEY ("access_log_id") REFERENCES "public"."access_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_exports_log_idx" ON "access_log_exports" USING btree ("access_log_id");--> statement-breakpoint
CREATE INDEX "access_log_exports_applications_idx" ON "access_log_exports" USING gin ("application_ids");