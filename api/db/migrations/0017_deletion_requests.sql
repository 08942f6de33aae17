CREATE TABLE "deletion_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"note" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "deletion_requests_status_check" CHECK ("deletion_requests"."status" in ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "deletion_requests_decided_check" CHECK (("deletion_requests"."status" = 'PENDING') = ("deletion_requests"."decided_at" is null and "deletion_requests"."reason" is null))
);
--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deletion_requests_one_pending" ON "deletion_requests" USING btree ("user_id") WHERE "deletion_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "deletion_requests_user_idx" ON "deletion_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deletion_requests_list_idx" ON "deletion_requests" USING btree ("status","created_at");