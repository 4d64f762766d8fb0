import { randomBytes } from "node:crypto";
import { createDatabase, type DatabaseHandle, runMigrations } from "@tandem/db";
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
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`${START_HINT} (${String(err)})`);
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(POSTGRES_URL, name);
  const handle = await createDatabase({ databaseUrl: url, poolSize: 5 });
  await runMigrations(handle);
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
