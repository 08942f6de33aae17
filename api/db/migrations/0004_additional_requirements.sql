CREATE TABLE "additional_requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"requested_by_user_id" uuid,
	"requested_by_role" integer NOT NULL,
	"stage_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_id" uuid,
	"fulfilled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "additional_requirements" ADD CONSTRAINT "additional_requirements_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_requirements" ADD CONSTRAINT "additional_requirements_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_requirements" ADD CONSTRAINT "additional_requirements_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "additional_requirements_application_idx" ON "additional_requirements" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "additional_requirements_file_idx" ON "additional_requirements" USING btree ("file_id");