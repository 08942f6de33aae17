CREATE SEQUENCE "public"."application_registration_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "achievement_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"order_num" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"type_code" text NOT NULL,
	"title" text NOT NULL,
	"year" integer,
	"description" text,
	"order_num" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicant_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"full_name" text,
	"identity_type" text,
	"identity_number" text,
	"nationality" text,
	"birth_place" text,
	"birth_date" text,
	"gender" text,
	"address" text,
	"phone" text,
	"profession" text,
	"institution_id" integer,
	"graduation_country" text,
	"graduation_year" integer,
	"specialization_id" integer,
	"photo_file_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"requirement_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"original_names" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_number" text DEFAULT 'ADP-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('application_registration_seq')::text, 6, '0') NOT NULL,
	"applicant_user_id" uuid NOT NULL,
	"submitted_by_user_id" uuid NOT NULL,
	"jalur_id" text NOT NULL,
	"status" text,
	"stage_id" integer,
	"is_submitted" boolean DEFAULT false NOT NULL,
	"is_final" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"stage_started_at" timestamp with time zone,
	"idempotency_key" text,
	"achievements_done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_registration_number_unique" UNIQUE("registration_number"),
	CONSTRAINT "applications_jalur_id" CHECK ("applications"."jalur_id" in ('REG', 'SPE', 'OTH')),
	CONSTRAINT "applications_status" CHECK ("applications"."status" in ('IN-PROGRESS', 'FAILED', 'PASSED', 'REUPLOAD'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_role" integer NOT NULL,
	"action" text NOT NULL,
	"from_stage" integer,
	"from_status" text,
	"to_stage" integer,
	"to_status" text,
	"note" text,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"detected_type" text NOT NULL,
	"mime" text NOT NULL,
	"original_name" text NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institutions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "portfolio_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"institution" text,
	"year" integer,
	"description" text,
	"order_num" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reupload_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"requirement_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sla_settings" (
	"stage_id" integer PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specializations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specializations_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_type_code_achievement_types_code_fk" FOREIGN KEY ("type_code") REFERENCES "public"."achievement_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_profiles" ADD CONSTRAINT "applicant_profiles_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_requirement_id_document_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."document_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reupload_requests" ADD CONSTRAINT "reupload_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reupload_requests" ADD CONSTRAINT "reupload_requests_requirement_id_document_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."document_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "achievements_application_idx" ON "achievements" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_version_unique" ON "application_documents" USING btree ("application_id","requirement_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_one_current" ON "application_documents" USING btree ("application_id","requirement_id") WHERE "application_documents"."is_current";--> statement-breakpoint
CREATE INDEX "application_documents_file_id_idx" ON "application_documents" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_open_per_applicant" ON "applications" USING btree ("applicant_user_id") WHERE "applications"."is_final" = false;--> statement-breakpoint
CREATE INDEX "applications_submitted_by_idx" ON "applications" USING btree ("submitted_by_user_id");--> statement-breakpoint
CREATE INDEX "applications_stage_status_idx" ON "applications" USING btree ("stage_id","status");--> statement-breakpoint
CREATE INDEX "audit_log_application_idx" ON "audit_log" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "files_owner_user_id_idx" ON "files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "institutions_country_idx" ON "institutions" USING btree ("country");--> statement-breakpoint
CREATE INDEX "portfolio_entries_application_idx" ON "portfolio_entries" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "reupload_requests_application_idx" ON "reupload_requests" USING btree ("application_id","resolved_at");--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update" BEFORE UPDATE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
