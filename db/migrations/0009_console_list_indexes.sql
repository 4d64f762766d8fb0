DROP INDEX "submissions_team_created_idx";--> statement-breakpoint
CREATE INDEX "submissions_created_idx" ON "submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_challenge_created_idx" ON "submissions" USING btree ("challenge_key","created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_team_created_idx" ON "submissions" USING btree ("team_id","created_at","id");