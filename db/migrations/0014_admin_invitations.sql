CREATE TABLE "admin_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" uuid,
	"used_by_email" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoked_by_email" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_via" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_via_ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invitations_code_hash_key" ON "admin_invitations" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "admin_invitations_created_idx" ON "admin_invitations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- Admins from before this record: how and since when they became admins was not kept. They
-- are marked as such (the console says "before records began"), never given a guessed origin.
UPDATE "users" SET "admin_via" = 'unknown' WHERE "admin_access" = true;
