CREATE TABLE "tus_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"requirement_id" integer NOT NULL,
	"form" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tus_uploads_form_check" CHECK ("tus_uploads"."form" in ('adaptation', 'reupload'))
);
--> statement-breakpoint
ALTER TABLE "tus_uploads" ADD CONSTRAINT "tus_uploads_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tus_uploads" ADD CONSTRAINT "tus_uploads_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tus_uploads_account_idx" ON "tus_uploads" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "tus_uploads_created_idx" ON "tus_uploads" USING btree ("created_at");