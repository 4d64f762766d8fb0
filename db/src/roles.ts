import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "./client";

/**
 * The database roles of the processes other than the owner (ADR 0021, Roles). The owner
 * (`tandem` in compose, `tandem_migrate` in the ADR) runs migrations, the data step and
 * `npm run db:roles`; it keeps every privilege. The internet-facing gateway holds no answer, so
 * its role cannot read `challenge_answers`; the scoring workers read everything and write only
 * scores.
 */
export const DATABASE_ROLES = ["tandem_gateway", "tandem_worker"] as const;
export type DatabaseRole = (typeof DATABASE_ROLES)[number];

export type TablePrivilege = "SELECT" | "INSERT" | "UPDATE" | "DELETE";

const READ_WRITE: readonly TablePrivilege[] = ["SELECT", "INSERT", "UPDATE", "DELETE"];
const READ: readonly TablePrivilege[] = ["SELECT"];
const NONE: readonly TablePrivilege[] = [];

/** The gateway reads and writes it; the worker only reads it. */
const GATEWAY_WRITES = { tandem_gateway: READ_WRITE, tandem_worker: READ } as const;

/**
 * Every table of `schema.ts` and what each role may do with it; a test fails when a table has no
 * entry. The grants are exact: `applyRoleGrants` revokes what is not listed. No table uses a
 * sequence (ids are uuids), so no sequence grants. The drizzle migrations table (schema
 * `drizzle`) is the owner's alone and is not listed.
 */
export const TABLE_GRANTS: Readonly<
  Record<string, Record<DatabaseRole, readonly TablePrivilege[]>>
> = {
  users: GATEWAY_WRITES,
  teams: GATEWAY_WRITES,
  team_members: GATEWAY_WRITES,
  // The worker writes the outcome of a claim (status, score, shown score; packages/jobs
  // submission-store.ts and feedback-store.ts); `select … for update` also needs UPDATE.
  submissions: { tandem_gateway: READ_WRITE, tandem_worker: ["SELECT", "UPDATE"] },
  submission_notices: GATEWAY_WRITES,
  digest_sends: GATEWAY_WRITES,
  // The hidden answers: the gateway has no privilege at all (ADR 0021), the worker scores.
  challenge_answers: { tandem_gateway: NONE, tandem_worker: READ },
  test_sets: GATEWAY_WRITES,
  datasets: GATEWAY_WRITES,
  challenge_baselines: GATEWAY_WRITES,
  competition_reveals: GATEWAY_WRITES,
  password_resets: GATEWAY_WRITES,
  email_verifications: GATEWAY_WRITES,
  auth_codes: GATEWAY_WRITES,
  sessions: GATEWAY_WRITES,
  competition_settings: GATEWAY_WRITES,
  competition_versions: GATEWAY_WRITES,
  announcements: GATEWAY_WRITES,
  announcement_deliveries: GATEWAY_WRITES,
  audit_log: GATEWAY_WRITES,
  admin_invitations: GATEWAY_WRITES,
};

const quote = (name: string) => pg.escapeIdentifier(name);

/**
 * Creates `role` (NOLOGIN) unless it exists. Roles are cluster-wide and test files migrate their
 * databases in parallel: a creation that loses the race is ignored (`duplicate_object`, or
 * `unique_violation` from pg_authid's index). An owner without CREATEROLE passes when an
 * administrator created the roles beforehand.
 */
export function createRoleStatement(role: DatabaseRole): string {
  return [
    "DO $$",
    "BEGIN",
    `  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${role}') THEN`,
    "    BEGIN",
    `      CREATE ROLE ${quote(role)} NOLOGIN;`,
    "    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;",
    "    END;",
    "  END IF;",
    "END",
    "$$;",
  ].join("\n");
}

/** The statements that make each role's privileges exactly the matrix (revoke, then grant). */
export function grantStatements(grants = TABLE_GRANTS): string[] {
  const statements: string[] = [];
  for (const role of DATABASE_ROLES) {
    statements.push(`GRANT USAGE ON SCHEMA public TO ${quote(role)};`);
  }
  for (const [table, byRole] of Object.entries(grants)) {
    for (const role of DATABASE_ROLES) {
      statements.push(`REVOKE ALL ON TABLE ${quote(table)} FROM ${quote(role)};`);
      const privileges = byRole[role];
      if (privileges.length > 0) {
        statements.push(
          `GRANT ${privileges.join(", ")} ON TABLE ${quote(table)} TO ${quote(role)};`,
        );
      }
    }
  }
  return statements;
}

/** Creates the roles if absent and applies the matrix; idempotent. Run as the owner. */
export async function ensureRoles(db: Database): Promise<void> {
  for (const role of DATABASE_ROLES) await db.execute(sql.raw(createRoleStatement(role)));
  for (const statement of grantStatements()) await db.execute(sql.raw(statement));
}

/**
 * A SCRAM-SHA-256 verifier of `password` (RFC 5802, as Postgres stores it): `ALTER ROLE` then
 * carries no password, so none reaches the server's statement log. Postgres SASLprep-normalizes
 * passwords; printable ASCII is its own normal form, hence the restriction.
 */
export function scramVerifier(password: string, salt = randomBytes(16)): string {
  if (!/^[\x21-\x7e]+$/.test(password)) {
    throw new Error("database role passwords must be printable ASCII without spaces");
  }
  const iterations = 4096;
  const salted = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  const clientKey = createHmac("sha256", salted).update("Client Key").digest();
  const storedKey = createHash("sha256").update(clientKey).digest("base64");
  const serverKey = createHmac("sha256", salted).update("Server Key").digest("base64");
  return `SCRAM-SHA-256$${iterations}:${salt.toString("base64")}$${storedKey}:${serverKey}`;
}

/** Lets `role` log in with `password` (set as a SCRAM verifier; see `scramVerifier`). */
export async function setRoleLogin(
  db: Database,
  role: DatabaseRole,
  password: string,
): Promise<void> {
  const verifier = pg.escapeLiteral(scramVerifier(password));
  await db.execute(sql.raw(`ALTER ROLE ${quote(role)} LOGIN PASSWORD ${verifier};`));
}
