-- Issue 32, ADR 0021 (Roles): the gateway's and the worker's roles, granted per the matrix in
-- db/src/roles.ts (generated from it). Roles are cluster-wide, so their creation tolerates a
-- concurrent one; grants are per database. No default privileges: a table added later is granted by
-- `npm run db:roles` (run after every db:migrate), and db/test/roles.test.ts fails while a table of
-- schema.ts has no matrix entry. The drizzle schema (migrations table) is granted to no one.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'tandem_gateway') THEN
    BEGIN
      CREATE ROLE "tandem_gateway" NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
END
$$;--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'tandem_worker') THEN
    BEGIN
      CREATE ROLE "tandem_worker" NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO "tandem_gateway";--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "users" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "users" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "users" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "users" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "teams" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "teams" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "teams" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "teams" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "team_members" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "team_members" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "team_members" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "team_members" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "submissions" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "submissions" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "submissions" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT, UPDATE ON TABLE "submissions" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "submission_notices" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "submission_notices" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "submission_notices" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "submission_notices" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "digest_sends" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "digest_sends" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "digest_sends" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "digest_sends" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "challenge_answers" FROM "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "challenge_answers" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "challenge_answers" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "test_sets" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "test_sets" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "test_sets" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "test_sets" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "datasets" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "datasets" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "datasets" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "datasets" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "challenge_baselines" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "challenge_baselines" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "challenge_baselines" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "challenge_baselines" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "competition_reveals" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "competition_reveals" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "competition_reveals" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "competition_reveals" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "password_resets" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "password_resets" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "password_resets" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "password_resets" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "email_verifications" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "email_verifications" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "email_verifications" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "email_verifications" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "auth_codes" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "auth_codes" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "auth_codes" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "auth_codes" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "sessions" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "sessions" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "sessions" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "sessions" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "competition_settings" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "competition_settings" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "competition_settings" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "competition_settings" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "competition_versions" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "competition_versions" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "competition_versions" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "competition_versions" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "announcements" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "announcements" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "announcements" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "announcements" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "announcement_deliveries" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "announcement_deliveries" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "announcement_deliveries" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "announcement_deliveries" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "audit_log" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "audit_log" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "audit_log" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "audit_log" TO "tandem_worker";--> statement-breakpoint
REVOKE ALL ON TABLE "admin_invitations" FROM "tandem_gateway";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "admin_invitations" TO "tandem_gateway";--> statement-breakpoint
REVOKE ALL ON TABLE "admin_invitations" FROM "tandem_worker";--> statement-breakpoint
GRANT SELECT ON TABLE "admin_invitations" TO "tandem_worker";
