CREATE TABLE "email_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "competition_settings" ADD COLUMN "require_verified_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_verifications_token_hash_key" ON "email_verifications" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_verifications_user_created_idx" ON "email_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
-- Accounts made or linked by a GitHub sign-in have an address GitHub verified (only verified
-- addresses are used, github.routes.ts); those made before email_verified_at existed say so now.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "github_id" IS NOT NULL AND "email_verified_at" IS NULL;
