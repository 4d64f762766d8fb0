import { createHash, randomBytes } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateDatasets } from "@tandem/datasets";
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

/** Generated datasets a test database starts with (the seed's answers and the public files). */
export interface TestData {
  seed: string;
  scale: number;
}

/**
 * A freshly created, migrated database of its own, dropped afterwards. With `data`, it already
 * holds that seed's generated datasets, and `staticDir` is filled with their public files.
 */
export async function createTestDatabase(
  options: { data?: TestData; staticDir?: string } = {},
): Promise<TestDatabase> {
  const name = `tandem_test_${randomBytes(6).toString("hex")}`;
  const admin = await connectAdmin();
  try {
    const migrated = await migratedTemplate(admin);
    const template = options.data ? await dataTemplate(admin, migrated, options.data) : migrated;
    await admin.query(`create database ${name} template ${template}`);
    if (options.data && options.staticDir) {
      // Verbatim: the published folders are relative links, which must stay inside the copy.
      await cp(staticFilesOf(template), options.staticDir, {
        recursive: true,
        verbatimSymlinks: true,
      });
    }
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

/**
 * Generating the datasets takes a test app 2 to 4 s (most of its start): a copy of a template
 * that holds them is a fraction of that. The template and its public files (in the temporary
 * folder, under the template's name) are named by a hash of the migrations, of the code that
 * generates the data and of the seed and scale, so a changed generator makes new ones. Built
 * under the same lock and with the same rename as the migrated template.
 */
async function dataTemplate(admin: pg.Client, migrated: string, data: TestData): Promise<string> {
  const key = createHash("sha256")
    .update(migrated)
    .update(await sourcesHash(DATA_SOURCES))
    .update(`${data.seed}:${data.scale}`)
    .digest("hex")
    .slice(0, 16);
  const name = `tandem_data_${key}`;
  const exists = async () =>
    (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1 &&
    (await stat(staticFilesOf(name)).then(
      () => true,
      () => false,
    ));
  if (await exists()) return name;
  await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
  try {
    if (await exists()) return name;
    await admin.query(`drop database if exists ${name}`);
    const building = `${name}_${randomBytes(4).toString("hex")}`;
    await admin.query(`create database ${building} template ${migrated}`);
    const staticDir = await mkdtemp(join(tmpdir(), `${name}-building-`));
    const handle = await createDatabase({
      databaseUrl: withDatabase(POSTGRES_URL, building),
      poolSize: 1,
    });
    try {
      await generateDatasets({ db: handle.db, staticDir, ...data });
    } finally {
      await handle.close();
    }
    await rm(staticFilesOf(name), { recursive: true, force: true });
    await rename(staticDir, staticFilesOf(name));
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
  }
}

function staticFilesOf(template: string): string {
  return join(tmpdir(), `${template}-static`);
}

/** What the generated data depends on besides the migrations. */
const DATA_SOURCES = [
  fileURLToPath(new URL("../../datasets/src", import.meta.url)),
  fileURLToPath(new URL("../../packages/competition/src", import.meta.url)),
];

const sourcesHashes = new Map<string, Promise<string>>();

function sourcesHash(folders: string[]): Promise<string> {
  const key = folders.join("\n");
  let once = sourcesHashes.get(key);
  if (!once) {
    once = (async () => {
      const hash = createHash("sha256");
      for (const folder of folders) {
        const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
          .sort();
        for (const file of files) hash.update(file).update(await readFile(file));
      }
      return hash.digest("hex");
    })();
    sourcesHashes.set(key, once);
  }
  return once;
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
