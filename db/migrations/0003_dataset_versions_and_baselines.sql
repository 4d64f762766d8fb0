CREATE TABLE "challenge_baselines" (
	"challenge_key" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"predictions" "bytea" NOT NULL,
	"metric_value" double precision NOT NULL,
	"answers_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_baselines_source_check" CHECK ("challenge_baselines"."source" in ('notebook', 'organizer'))
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"domain" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"version" integer NOT NULL,
	"folder" text NOT NULL,
	"summary" jsonb NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datasets_source_check" CHECK ("datasets"."source" in ('generated', 'imported'))
);
--> statement-breakpoint
ALTER TABLE "challenge_answers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "answers_version" integer;