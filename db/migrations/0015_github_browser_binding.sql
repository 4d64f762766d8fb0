-- Issue 31, finding 8: a GitHub sign-in code is traded only in the browser that started the
-- sign-in. Codes live one minute; those issued before this column existed belong to no browser,
-- so they are dropped (a sign-in in flight during the upgrade is simply started again).
DELETE FROM "auth_codes";--> statement-breakpoint
ALTER TABLE "auth_codes" ADD COLUMN "browser_hash" text NOT NULL;
