DROP INDEX "submissions_team_idempotency_key";--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "shown_score" double precision;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "shown_improved" boolean;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "shown_kind" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_team_challenge_idempotency_key" ON "submissions" USING btree ("team_id","challenge_key","idempotency_key");--> statement-breakpoint
CREATE INDEX "submissions_challenge_content_idx" ON "submissions" USING btree ("challenge_key","content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key_key" ON "users" USING btree ("email_key");--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_shown_kind_check" CHECK ("submissions"."shown_kind" in ('public', 'final'));--> statement-breakpoint
-- Scores already shown were shown exactly: that is what the team has seen of them.
UPDATE "submissions" SET "shown_score" = "metric_value", "shown_improved" = true, "shown_kind" = 'public'
  WHERE "status" = 'scored' AND "metric_value" IS NOT NULL;--> statement-breakpoint
-- The earliest account of each normalised address keeps it (the same rule as the gateway's
-- emailKey: lower case, no +tag, Gmail's dots and googlemail.com ignored); a later one that
-- collides keeps null, and the organizers' console flags the pair.
WITH "addresses" AS (
  SELECT "id", "created_at", lower(trim("email")) AS "e" FROM "users"
), "parts" AS (
  SELECT "id", "created_at",
    regexp_replace(regexp_replace("e", '@[^@]*$', ''), '\+.*$', '') AS "local",
    substring("e" from '@([^@]*)$') AS "domain"
  FROM "addresses"
), "keys" AS (
  SELECT "id", "created_at",
    CASE WHEN "domain" IN ('gmail.com', 'googlemail.com')
      THEN replace("local", '.', '') || '@gmail.com'
      ELSE "local" || '@' || "domain" END AS "key"
  FROM "parts"
), "ranked" AS (
  SELECT "id", "key", row_number() OVER (PARTITION BY "key" ORDER BY "created_at", "id") AS "n" FROM "keys"
)
UPDATE "users" SET "email_key" = "ranked"."key" FROM "ranked"
  WHERE "ranked"."id" = "users"."id" AND "ranked"."n" = 1;
