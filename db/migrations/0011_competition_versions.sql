CREATE TABLE "competition_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"definition" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_versions_source_check" CHECK ("competition_versions"."source" in ('console', 'import', 'settings')),
	CONSTRAINT "competition_versions_positive" CHECK ("competition_versions"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "competition_versions" ADD CONSTRAINT "competition_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;