-- Issue 33: a team's activation request (asked when, with what message; declined when, why) and
-- the decision e-mail still owed to its members (docs/notes/issue-33-activation.md).
ALTER TABLE "teams" ADD COLUMN "activation_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "activation_request_message" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "activation_declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "activation_decline_reason" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "activation_mail" text;--> statement-breakpoint
CREATE INDEX "teams_activation_mail_due_idx" ON "teams" USING btree ("id") WHERE "teams"."activation_mail" is not null;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_activation_mail_check" CHECK ("teams"."activation_mail" in ('activated', 'declined'));