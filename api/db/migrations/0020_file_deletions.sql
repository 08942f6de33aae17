CREATE TABLE "file_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "file_deletions_deleted_at_idx" ON "file_deletions" USING btree ("deleted_at");