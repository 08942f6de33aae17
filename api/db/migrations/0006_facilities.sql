CREATE TABLE "activity_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_kinds_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"facility_name" text NOT NULL,
	"facility_type" text NOT NULL,
	"address" text NOT NULL,
	"licence_number" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_email" text,
	"admin_nik" text,
	"admin_phone" text,
	"position_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "activity_kind_id" integer;--> statement-breakpoint
ALTER TABLE "facility_profiles" ADD CONSTRAINT "facility_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_profiles" ADD CONSTRAINT "facility_profiles_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_published_at_idx" ON "announcements" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "facility_profiles_facility_name_idx" ON "facility_profiles" USING btree ("facility_name");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_activity_kind_id_activity_kinds_id_fk" FOREIGN KEY ("activity_kind_id") REFERENCES "public"."activity_kinds"("id") ON DELETE no action ON UPDATE no action;