import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { createDatabase, type DatabaseHandle, MIGRATIONS_FOLDER, runMigrations } from "@tandem/db";
import { Redis } from "ioredis";
import pg from "pg";

/**
 * Real Postgres and Redis for integration tests (docs/architecture.md#tests): TEST_DATABASE_URL /
 * TEST_REDIS_URL, else the local default ports; otherwise fail saying what to start.
 */
export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const START_HINT =
  "Integration tests need PostgreSQL and Redis. Set TEST_DATABASE_URL and TEST_REDIS_URL, or start " +
  "local servers on 127.0.0.1:5432 and 127.0.0.1:6379 (see README.md, Development).";

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export interface TestDatabase {
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** A freshly created, migrated database of its own, dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `tandem_test_${randomBytes(6).toString("hex")}`;
  const admin = await connectAdmin();
  try {
    const template = await migratedTemplate(admin);
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(POSTGRES_URL, name);
  const handle = await createDatabase({ databaseUrl: url, poolSize: 5 });
  return {
    url,
    handle,
    async drop() {
      await handle.close();
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function connectAdmin(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`${START_HINT} (${String(err)})`);
  }
  return admin;
}

/** Any constant: it serializes building the template across test files and worktrees. */
const TEMPLATE_LOCK = 7_315_447;

/**
 * Migrating a database takes longer than copying one (docs/benchmarks.md, "npm test"), so every
 * test database is a copy of one migrated template, named by a hash of the migrations: a changed
 * migration makes a new template, and runs sharing the server share the current one. It is built
 * under a temporary name and renamed when complete, so a run stopped half-way leaves no template
 * that looks finished. Postgres refuses to copy a database someone is connected to: nothing
 * connects to the template after it is built.
 */
async function migratedTemplate(admin: pg.Client): Promise<string> {
  const name = `tandem_template_${await migrationsHash()}`;
  const exists = async () =>
    (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  if (await exists()) return name;
  await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
  try {
    if (await exists()) return name;
    const building = `${name}_${randomBytes(4).toString("hex")}`;
    await admin.query(`create database ${building}`);
    const handle = await createDatabase({
      databaseUrl: withDatabase(POSTGRES_URL, building),
      poolSize: 1,
    });
    try {
      await runMigrations(handle);
    } finally {
      await handle.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
  }
}

let migrationsHashOnce: Promise<string> | undefined;

function migrationsHash(): Promise<string> {
  migrationsHashOnce ??= (async () => {
    const hash = createHash("sha256");
    for (const folder of [MIGRATIONS_FOLDER, join(MIGRATIONS_FOLDER, "meta")]) {
      const entries = await readdir(folder, { withFileTypes: true });
      for (const entry of entries
        .filter((e) => e.isFile())
        .sort((a, b) => (a.name < b.name ? -1 : 1))) {
        hash.update(entry.name).update(await readFile(join(folder, entry.name)));
      }
    }
    return hash.digest("hex").slice(0, 16);
  })();
  return migrationsHashOnce;
}

/** A unique BullMQ prefix, so concurrent test files never share queues. */
export async function createTestRedis(): Promise<{
  url: string;
  prefix: string;
  cleanup(): Promise<void>;
}> {
  const prefix = `tandem-test-${randomBytes(6).toString("hex")}`;
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw new Error(`${START_HINT} (${String(err)})`);
  }
  return {
    url: REDIS_URL,
    prefix,
    async cleanup() {
      let cursor = "0";
      do {
        const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
        if (keys.length) await client.del(...keys);
        cursor = next;
      } while (cursor !== "0");
      client.disconnect();
    },
  };
}

export const TEST_SECRETS = {
  JWT_SECRET: randomBytes(48).toString("base64url"),
  API_KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
};

/** The tests' chosen, public data seed: a deployment's real one is secret (datasets/src/seed.ts). */
export const TEST_DATA_SEED = "tandem-tests";
