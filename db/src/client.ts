import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockEmbeddedDatabase } from "./embedded/lock";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction` hands its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /** Cheap liveness probe for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Postgres connection string; without it the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files (`{dataDir}/pglite`). */
  dataDir?: string;
  poolSize?: number;
  /** PGlite: how long to wait for another process's lock on the data folder (default 0). */
  lockWaitMs?: number;
}

/** Both drivers answer `query`; the probe is the same on each. */
function databaseHandle(
  kind: DatabaseHandle["kind"],
  db: Database,
  client: { query(text: string): Promise<unknown> },
  close: () => Promise<void>,
): DatabaseHandle {
  return {
    db,
    kind,
    ping: async () => {
      await client.query("select 1");
    },
    close,
  };
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // An idle client's connection error must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return databaseHandle("postgres", db, pool, () => pool.end());
  }
  const dataDir = options.dataDir ?? ".data";
  const dir = join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const release = await lockEmbeddedDatabase(dataDir, { waitMs: options.lockWaitMs ?? 0 });
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (err) {
    await release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return databaseHandle("pglite", db, client, async () => {
    await client.close();
    await release();
  });
}
