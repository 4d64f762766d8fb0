import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DOMAINS, findDomain } from "@tandem/competition";
import {
  createDatabase,
  type Database,
  EmbeddedDatabaseBusyError,
  loadOrCreateSecrets,
  runMigrations,
} from "@tandem/db";
import { createRankingsCache, createRedisStore, refreshRankings } from "@tandem/jobs";
import { Redis } from "ioredis";
import { PUBLIC_SEED_WARNING, requireSecretSeed } from "../seed";

/** The data tools' settings; the only place they read the environment. */
export const settings = {
  databaseUrl: process.env.DATABASE_URL || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
  queuePrefix: process.env.QUEUE_PREFIX || "tandem",
  dataDir: resolve(process.env.DATA_DIR || ".data"),
  staticDir: resolve(process.env.STATIC_DIR || join(process.env.DATA_DIR || ".data", "static")),
  dataSeed: process.env.DATA_SEED,
  baselinePython: process.env.BASELINE_PYTHON,
};

/** A mistake of the person running the tool: printed as it is, exit code 1. */
export class UsageError extends Error {}

export interface Deployment {
  db: Database;
  staticDir: string;
  /** The embedded (PGlite) database under DATA_DIR, rather than DATABASE_URL's Postgres. */
  embedded: boolean;
  /** Rewrites the leaderboards' cache (production) after baselines changed. */
  refreshRankings(): Promise<void>;
  close(): Promise<void>;
}

export async function openDeployment(): Promise<Deployment> {
  let handle: Awaited<ReturnType<typeof createDatabase>>;
  try {
    handle = await createDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  } catch (err) {
    if (err instanceof EmbeddedDatabaseBusyError) throw new UsageError(err.message);
    throw err;
  }
  await runMigrations(handle);
  return {
    db: handle.db,
    staticDir: settings.staticDir,
    embedded: handle.kind === "pglite",
    async refreshRankings() {
      // The embedded server recomputes its in-memory rankings when it starts.
      if (!settings.redisUrl || handle.kind === "pglite") return;
      const redis = new Redis(settings.redisUrl, { maxRetriesPerRequest: 1 });
      try {
        const cache = createRankingsCache(createRedisStore(redis), settings.queuePrefix);
        await refreshRankings(handle.db, cache);
      } finally {
        redis.disconnect();
      }
    },
    close: () => handle.close(),
  };
}

/** Runs `work` on the opened deployment and closes it, however `work` ends. */
export async function withDeployment(work: (deployment: Deployment) => Promise<void>) {
  const deployment = await openDeployment();
  try {
    await work(deployment);
  } finally {
    await deployment.close();
  }
}

/**
 * The seed to generate from: `--seed` (tests and benchmarks, with a warning), else DATA_SEED;
 * production requires a strong DATA_SEED, the embedded database falls back to the secret
 * the embedded server keeps in DATA_DIR/secrets.json.
 */
export function generationSeed(flag: string | undefined): string {
  if (flag !== undefined) {
    console.warn(PUBLIC_SEED_WARNING);
    return flag;
  }
  if (settings.databaseUrl) return requireSecretSeed(settings.dataSeed);
  return settings.dataSeed?.trim() || loadOrCreateSecrets(settings.dataDir).dataSeed;
}

/**
 * The secret seed that splits answers into public and private rows (docs/adr/0009), where the
 * tool can have it: DATA_SEED, else in embedded mode the one in DATA_DIR/secrets.json. Without
 * it (production without DATA_SEED) only answers that carry their own split can be imported.
 */
export function splitSeed(): string | undefined {
  if (settings.databaseUrl) {
    return settings.dataSeed?.trim() ? requireSecretSeed(settings.dataSeed) : undefined;
  }
  return settings.dataSeed?.trim() || loadOrCreateSecrets(settings.dataDir).dataSeed;
}

export function domainArgument(value: string | undefined): string {
  const domain = value ? findDomain(value) : undefined;
  if (!domain) {
    throw new UsageError(
      `${value ? `Unknown domain "${value}"` : "Missing --domain"}: one of ${DOMAINS.map((d) => d.slug).join(", ")}`,
    );
  }
  return domain.slug;
}

/** `--domain SLUG --dir FOLDER` (import and export), or null after printing the usage for --help. */
function domainAndFolder(usage: string): { slug: string; dir: string } | null {
  const { values } = parseArgs({
    options: {
      domain: { type: "string" },
      dir: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return null;
  }
  const slug = domainArgument(values.domain);
  if (!values.dir) throw new UsageError(`Missing --dir\n${usage}`);
  return { slug, dir: resolve(values.dir) };
}

/** Runs a tool's main, printing a usage or seed mistake without a stack trace. */
export async function runTool(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    if (err instanceof UsageError || (err instanceof Error && err.name === "SeedError")) {
      console.error(err.message);
      process.exitCode = 1;
      return;
    }
    throw err;
  }
}

/** Runs a `--domain SLUG --dir FOLDER` tool (import, export) on the opened deployment. */
export function runFolderTool(
  usage: string,
  main: (deployment: Deployment, args: { slug: string; dir: string }) => Promise<void>,
): Promise<void> {
  return runTool(async () => {
    const args = domainAndFolder(usage);
    if (args) await withDeployment((deployment) => main(deployment, args));
  });
}

export const describeRows = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([key, count]) => `${key} ${count.toLocaleString("en-US")} rows`)
    .join(", ");
