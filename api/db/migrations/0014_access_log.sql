CREATE TABLE "access_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"applicant_user_id" uuid,
	"application_id" uuid,
	"actor_user_id" uuid,
	"actor_role" integer NOT NULL,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid,
	"requirement_id" integer,
	"version" integer,
	"stage_id" integer,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_applicant_idx" ON "access_log" USING btree ("applicant_user_id","created_at");--> statement-breakpoint
CREATE INDEX "access_log_actor_idx" ON "access_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "access_log_created_idx" ON "access_log" USING btree ("created_at");