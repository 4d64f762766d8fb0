import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs } from "../../test/support/database-roles";
import { createTestDatabase, type TestDatabase } from "../../test/support/services";
import {
  DATABASE_ROLES,
  ensureRoles,
  grantStatements,
  scramVerifier,
  TABLE_GRANTS,
} from "../src/roles";
import * as schema from "../src/schema";

const PRIVILEGES = ["SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER"];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

async function query(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Each role's privileges on every matrix table, as Postgres reports them. */
async function actualGrants() {
  const rows = await query(
    `select r.role, t.tbl, p.priv, has_table_privilege(r.role, 'public.' || t.tbl, p.priv) as held
       from unnest($1::text[]) r(role), unnest($2::text[]) t(tbl), unnest($3::text[]) p(priv)`,
    [DATABASE_ROLES, Object.keys(TABLE_GRANTS), PRIVILEGES],
  );
  const held: Record<string, Record<string, string[]>> = {};
  for (const row of rows) {
    held[row.tbl] ??= Object.fromEntries(DATABASE_ROLES.map((role) => [role, []]));
    if (row.held) held[row.tbl]![row.role]!.push(row.priv);
  }
  return held;
}

/** Runs `sql` as `url`'s role: its rows, or the error's SQLSTATE. */
async function as(url: string, sql: string): Promise<{ rows?: unknown[]; code?: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return { rows: (await client.query(sql)).rows };
  } catch (err) {
    return { code: (err as { code?: string }).code };
  } finally {
    await client.end();
  }
}

describe("the role matrix (ADR 0021, Roles)", () => {
  it("has an entry for every table of schema.ts and none for a table that is not there", () => {
    const tables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableConfig(table as PgTable).name)
      .sort();
    expect(tables.length).toBeGreaterThan(20);
    expect(Object.keys(TABLE_GRANTS).sort()).toEqual(tables);
  });

  it("gives the gateway nothing on challenge_answers and the worker only reads and scores", () => {
    expect(TABLE_GRANTS.challenge_answers).toEqual({
      tandem_gateway: [],
      tandem_worker: ["SELECT"],
    });
    for (const [table, grants] of Object.entries(TABLE_GRANTS)) {
      const writes = grants.tandem_worker.filter((privilege) => privilege !== "SELECT");
      expect({ table, writes }).toEqual({
        table,
        writes: table === "submissions" ? ["UPDATE"] : [],
      });
    }
    expect(grantStatements()).toContain(
      'REVOKE ALL ON TABLE "challenge_answers" FROM "tandem_gateway";',
    );
  });
});

describe("a migrated database", () => {
  it("already denies the gateway the answers after the migrations alone", async () => {
    const rows = await query(
      `select r.rolname, has_table_privilege(r.rolname, 'public.challenge_answers', 'SELECT') as answers,
              has_table_privilege(r.rolname, 'public.submissions', 'UPDATE') as submissions
         from pg_roles r where r.rolname = any($1) order by r.rolname`,
      [DATABASE_ROLES],
    );
    expect(rows).toEqual([
      { rolname: "tandem_gateway", answers: false, submissions: true },
      { rolname: "tandem_worker", answers: true, submissions: true },
    ]);
  });

  it("holds exactly the matrix after db:roles (twice: idempotent), nothing on drizzle's table", async () => {
    await ensureRoles(database.handle.db);
    await ensureRoles(database.handle.db);
    const expected = Object.fromEntries(
      Object.entries(TABLE_GRANTS).map(([table, grants]) => [
        table,
        Object.fromEntries(DATABASE_ROLES.map((role) => [role, [...grants[role]]])),
      ]),
    );
    expect(await actualGrants()).toEqual(expected);
    const drizzle = await query(
      `select r.role, has_schema_privilege(r.role, 'drizzle', 'USAGE') as usage,
              has_table_privilege(r.role, 'drizzle.__drizzle_migrations', 'SELECT') as reads
         from unnest($1::text[]) r(role)`,
      [DATABASE_ROLES],
    );
    expect(drizzle.every((row) => !row.usage && !row.reads)).toBe(true);
  });

  it("takes a privilege granted by hand away again (the matrix is exact)", async () => {
    await query(`grant select on challenge_answers to tandem_gateway`);
    expect((await actualGrants()).challenge_answers!.tandem_gateway).toEqual(["SELECT"]);
    await ensureRoles(database.handle.db);
    expect((await actualGrants()).challenge_answers!.tandem_gateway).toEqual([]);
  });
});

describe("connected as each role", () => {
  it("tandem_gateway cannot read challenge_answers (42501) but reads submissions", async () => {
    const url = await loginAs(database, "tandem_gateway");
    expect(await as(url, "select * from challenge_answers")).toEqual({ code: "42501" });
    expect(await as(url, "select challenge_key from challenge_answers")).toEqual({
      code: "42501",
    });
    expect(await as(url, "select * from drizzle.__drizzle_migrations")).toEqual({
      code: "42501",
    });
    expect(await as(url, "select id from submissions")).toEqual({ rows: [] });
    expect(await as(url, "select current_user as role")).toEqual({
      rows: [{ role: "tandem_gateway" }],
    });
  });

  it("tandem_worker reads challenge_answers, updates submissions, inserts none", async () => {
    const url = await loginAs(database, "tandem_worker");
    expect(await as(url, "select * from challenge_answers")).toEqual({ rows: [] });
    expect(await as(url, "update submissions set claimed_at = null where false")).toEqual({
      rows: [],
    });
    expect(await as(url, "delete from submissions")).toEqual({ code: "42501" });
    expect(await as(url, "delete from users")).toEqual({ code: "42501" });
  });
});

describe("the password set by db:roles", () => {
  it("is the SCRAM-SHA-256 verifier Postgres itself stores for that password", async () => {
    const password = "correct-horse-battery-staple-42";
    await query(
      `set password_encryption = 'scram-sha-256'; alter role tandem_worker password '${password}'`,
    );
    const [row] = await query(`select rolpassword from pg_authid where rolname = 'tandem_worker'`);
    const stored = String(row!.rolpassword);
    const salt = Buffer.from(stored.split("$")[1]!.split(":")[1]!, "base64");
    expect(scramVerifier(password, salt)).toBe(stored);
    expect(() => scramVerifier("with space")).toThrow(/printable ASCII/);
  });
});
