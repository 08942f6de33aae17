CREATE TABLE "login_attempts" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "login_attempts_email_address_pk" PRIMARY KEY("email","address")
);
