CREATE TABLE "test_sets" (
	"challenge_key" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"row_count" integer NOT NULL,
	"ids" "bytea" NOT NULL,
	"items" jsonb,
	"digest" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "aligned" "bytea";--> statement-breakpoint
-- Doubles compress poorly and Postgres CPU is the rush's second cost: store the form uncompressed.
ALTER TABLE "submissions" ALTER COLUMN "aligned" SET STORAGE EXTERNAL;