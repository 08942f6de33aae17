CREATE TABLE "live_service" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_url" text NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_service_one_row" CHECK ("live_service"."id" = 1)
);
