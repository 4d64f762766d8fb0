import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { domains, findDomain } from "@tandem/competition/server";
import {
  createDatabase,
  type Database,
  EmbeddedDatabaseBusyError,
  loadOrCreateSecrets,
  runMigrations,
  toolSettingsOf,
} from "@tandem/db";
import {
  type CompetitionSnapshot,
  type CompetitionSource,
  createCompetitionSource,
  createRankingsCache,
  createRankingsFreshness,
  createRedisStore,
  type WindowOverride,
} from "@tandem/jobs";
import { Redis } from "ioredis";
import { PUBLIC_SEED_WARNING, requireSecretSeed } from "../seed";

/** The data tools' settings; the only place they read the environment. */
const { databaseUrl, dataDir } = toolSettingsOf(process.env);
export const settings = {
  databaseUrl,
  redisUrl: process.env.REDIS_URL || undefined,
  queuePrefix: process.env.QUEUE_PREFIX || "tandem",
  dataDir,
  staticDir: resolve(process.env.STATIC_DIR || join(dataDir, "static")),
  dataSeed: process.env.DATA_SEED,
  baselinePython: process.env.BASELINE_PYTHON,
  /** The main phase's dates as the gateways get them, so the tools see the same competition. */
  competitionWindow: windowOverride(
    process.env.COMPETITION_OPENS_AT,
    process.env.COMPETITION_CLOSES_AT,
  ),
};

function windowOverride(opens: string | undefined, closes: string | undefined): WindowOverride {
  const date = (name: string, value: string | undefined) => {
    if (!value) return undefined;
    const parsed = new Date(value);
    if (Number.isNaN(parsed.getTime())) throw new Error(`${name} is not a date: ${value}`);
    return parsed;
  };
  const opensAt = date("COMPETITION_OPENS_AT", opens);
  const closesAt = date("COMPETITION_CLOSES_AT", closes);
  return { ...(opensAt ? { opensAt } : {}), ...(closesAt ? { closesAt } : {}) };
}

/** A mistake of the person running the tool: printed as it is, exit code 1. */
export class UsageError extends Error {}

export interface Deployment {
  db: Database;
  staticDir: string;
  /** The embedded (PGlite) database under DATA_DIR, rather than DATABASE_URL's Postgres. */
  embedded: boolean;
  /** The deployment's active competition definition (`domains()` and the like follow it). */
  competition: CompetitionSource;
  /** It as it was when the deployment was opened. */
  snapshot: CompetitionSnapshot;
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
  // Before anything else: every tool works on the deployment's competition, not the default one.
  const competition = createCompetitionSource({
    db: handle.db,
    environment: settings.competitionWindow,
  });
  let snapshot: CompetitionSnapshot;
  try {
    snapshot = await competition.current();
  } catch (err) {
    await handle.close();
    throw err;
  }
  return {
    db: handle.db,
    staticDir: settings.staticDir,
    embedded: handle.kind === "pglite",
    competition,
    snapshot,
    async refreshRankings() {
      // The embedded server recomputes its in-memory rankings when it starts.
      if (!settings.redisUrl || handle.kind === "pglite") return;
      const redis = new Redis(settings.redisUrl, { maxRetriesPerRequest: 1 });
      try {
        // In-process: this tool rebuilds (through the workers' lock when free) and fails loudly
        // if it cannot, rather than leaving the change to a rebuilder that may not run.
        const rankings = createRankingsFreshness({
          db: handle.db,
          cache: createRankingsCache(createRedisStore(redis), settings.queuePrefix),
          mode: "in-process",
          logger: console,
        });
        try {
          await rankings.fresh();
        } finally {
          await rankings.stop();
        }
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
      `${value ? `Unknown domain "${value}"` : "Missing --domain"}: one of ${domains()
        .map((d) => d.slug)
        .join(", ")}`,
    );
  }
  return domain.slug;
}

/** `--domain SLUG --dir FOLDER` (import and export), or null after printing the usage for --help. */
function domainAndFolder(usage: string): { domain: string | undefined; dir: string } | null {
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
  if (!values.domain) throw new UsageError(`Missing --domain\n${usage}`);
  if (!values.dir) throw new UsageError(`Missing --dir\n${usage}`);
  return { domain: values.domain, dir: resolve(values.dir) };
}

/** `--dir DIR` of a tool that takes a folder alone (the competition bundles); null: --help. */
export function folderArgument(usage: string): string | null {
  const { values } = parseArgs({
    options: { dir: { type: "string" }, help: { type: "boolean", default: false } },
  });
  if (values.help) {
    console.log(usage);
    return null;
  }
  if (!values.dir) throw new UsageError(`Missing --dir\n${usage}`);
  return resolve(values.dir);
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
    if (!args) return;
    // The domain is one of the deployment's active definition, known once it is open.
    await withDeployment((deployment) =>
      main(deployment, { slug: domainArgument(args.domain), dir: args.dir }),
    );
  });
}

export const describeRows = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([key, count]) => `${key} ${count.toLocaleString("en-US")} rows`)
    .join(", ");
