CREATE TABLE "competition_reveals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revealed_by" uuid,
	"revealed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge_answers" ADD COLUMN "public_rows" "bytea";--> statement-breakpoint
ALTER TABLE "challenge_baselines" ADD COLUMN "private_metric_value" double precision;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "private_metric_value" double precision;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "final_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "competition_reveals" ADD CONSTRAINT "competition_reveals_revealed_by_users_id_fk" FOREIGN KEY ("revealed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;