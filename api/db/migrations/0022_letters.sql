CREATE TABLE "letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"application_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"token" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"revoked_by_user_id" uuid,
	CONSTRAINT "letters_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letters_application_idx" ON "letters" USING btree ("application_id","issued_at");