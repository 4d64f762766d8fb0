CREATE TABLE "digest_sends" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_sends_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "submission_notices" (
	"submission_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipients" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_notices_submission_id_kind_pk" PRIMARY KEY("submission_id","kind"),
	CONSTRAINT "submission_notices_kind_check" CHECK ("submission_notices"."kind" in ('failed', 'delayed'))
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "submitted_via" text DEFAULT 'api_key' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "submitted_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_submission_problems" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_daily_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "digest_sends" ADD CONSTRAINT "digest_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_notices" ADD CONSTRAINT "submission_notices_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submissions_team_created_idx" ON "submissions" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_submitted_via_check" CHECK ("submissions"."submitted_via" in ('user', 'api_key'));