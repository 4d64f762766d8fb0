import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  datasetStates,
  fillMissingSplits,
  fillTestSets,
  fitOf,
  generateDatasets,
  requireSecretSeed,
  SeedError,
} from "@tandem/datasets";
import {
  createDatabase,
  type DatabaseRole,
  dataDirOf,
  ensureRoles,
  runMigrations,
  setRoleLogin,
} from "@tandem/db";
import { createCompetitionSource } from "@tandem/jobs";
import pg from "pg";
import { Supervisor } from "./supervisor";

/**
 * Production mode without containers (`npm run start:prod`): the gateway and N scoring workers
 * as separate processes against Postgres and Redis, as docker-compose.yml runs them. Migrates
 * first and generates the datasets when they are missing; connects the gateway and the workers as
 * their own database roles (ADR 0021), with fresh passwords each start; restarts a child that exits on its own
 * (with backoff, scripts/supervisor.ts); forwards SIGINT/SIGTERM and exits when the children have.
 */
const USAGE = `Usage: npm run start:prod -- [--workers N] [--scale S]
  --workers N  scoring worker processes (default 2)
  --scale S    dataset size when they have to be generated (default 1 = the published sizes)
METRICS_PORT (when set): the gateway serves /metrics on it, worker i on METRICS_PORT + i.
Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/tandem), REDIS_URL
(default redis://127.0.0.1:6379), DATA_SEED (a secret of 32+ characters, required when the
datasets must be generated), and everything in .env.example. Without JWT_SECRET and
API_KEY_ENCRYPTION_KEY, keys are generated once into $DATA_DIR/start-prod-secrets.json.`;

const { values } = parseArgs({
  options: {
    workers: { type: "string", default: "2" },
    scale: { type: "string", default: "1" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const workerCount = Number(values.workers);
const scale = Number(values.scale);
if (!Number.isInteger(workerCount) || workerCount < 1 || !(scale > 0)) {
  console.error(USAGE);
  process.exit(2);
}

const repoRoot = fileURLToPath(new URL("../", import.meta.url));
// As every entry point reads it (`.data` under the working directory, which npm makes the root).
const dataDir = dataDirOf(process.env);
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: process.env.NODE_ENV ?? "production",
  DATABASE_URL: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/tandem",
  REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  DATA_DIR: dataDir,
  STATIC_DIR: resolve(process.env.STATIC_DIR ?? join(dataDir, "static")),
  ...secrets(),
};

function log(message: string): void {
  console.log(`[start-prod] ${message}`);
}

/** The secrets the gateway requires; generated once for a local try when not given. */
function secrets(): { JWT_SECRET: string; API_KEY_ENCRYPTION_KEY: string } {
  const { JWT_SECRET, API_KEY_ENCRYPTION_KEY } = process.env;
  if (JWT_SECRET && API_KEY_ENCRYPTION_KEY) return { JWT_SECRET, API_KEY_ENCRYPTION_KEY };
  const file = join(dataDir, "start-prod-secrets.json");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const generated = {
      JWT_SECRET: randomBytes(48).toString("base64url"),
      API_KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    };
    writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600 });
    log(`generated JWT_SECRET and API_KEY_ENCRYPTION_KEY into ${file}`);
  }
  const stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  return {
    JWT_SECRET: JWT_SECRET ?? stored.JWT_SECRET ?? "",
    API_KEY_ENCRYPTION_KEY: API_KEY_ENCRYPTION_KEY ?? stored.API_KEY_ENCRYPTION_KEY ?? "",
  };
}

/** Creates the database named in DATABASE_URL when the server does not have it yet. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString() });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`Cannot reach Postgres at ${target.host}: ${String(err)}`);
  }
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
      log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * The roles' grants (`npm run db:roles`) and fresh random passwords, as DATABASE_URL's user (the
 * owner): each child connects as its own role, the gateway as one that cannot read the answers.
 * With trust authentication (a local Postgres) the passwords are ignored; the roles are not.
 */
async function roleUrls(handle: Awaited<ReturnType<typeof createDatabase>>) {
  await ensureRoles(handle.db);
  const urlOf = async (role: DatabaseRole) => {
    const password = randomBytes(24).toString("hex");
    await setRoleLogin(handle.db, role, password);
    const url = new URL(env.DATABASE_URL!);
    url.username = role;
    url.password = password;
    return url.toString();
  };
  return { gateway: await urlOf("tandem_gateway"), worker: await urlOf("tandem_worker") };
}

let databaseUrls: { gateway: string; worker: string } | undefined;

async function prepare(): Promise<void> {
  await ensureDatabase(env.DATABASE_URL!);
  const handle = await createDatabase({ databaseUrl: env.DATABASE_URL });
  try {
    await runMigrations(handle);
    databaseUrls = await roleUrls(handle);
    log("migrations and database roles applied");
    // The active definition's domains; those without a generator come from an import.
    await createCompetitionSource({ db: handle.db }).current();
    const states = await datasetStates(handle.db, env.STATIC_DIR!);
    const missing = Object.keys(states).filter(
      (slug) => states[slug] === "missing" && fitOf(slug).ok,
    );
    for (const slug of Object.keys(states).filter((s) => states[s] === "legacy")) {
      log(
        `${slug}: made by an earlier version from the repository's public seed, so anyone can rebuild its answers; regenerate it with \`npm run data:generate -- --domain ${slug}\``,
      );
    }
    if (env.DATA_SEED) {
      // Answers stored before the public/private split (ADR 0009) get theirs from the seed.
      const filled = await fillMissingSplits(handle.db, requireSecretSeed(env.DATA_SEED));
      if (filled.length > 0) log(`public/private split stored for ${filled.join(", ")}`);
    }
    // Answers loaded before ADR 0021 get their public test set: the gateways validate against it.
    const testSetsFilled = await fillTestSets(handle.db);
    if (testSetsFilled.length > 0) log(`public test sets stored for ${testSetsFilled.join(", ")}`);
    if (missing.length === 0) {
      log(`datasets present in ${env.STATIC_DIR}`);
    } else {
      // Production generates only from a secret seed (there is no default to fall back on).
      const seed = requireSecretSeed(env.DATA_SEED);
      log(`generating datasets (scale ${scale}) into ${env.STATIC_DIR}`);
      await generateDatasets({
        db: handle.db,
        staticDir: env.STATIC_DIR!,
        seed,
        scale,
        domains: missing,
      });
      log("measure the baselines with `npm run data:baselines` (needs Python with scikit-learn)");
    }
  } finally {
    await handle.close();
  }
}

function prefixLines(
  stream: NodeJS.ReadableStream | null,
  prefix: string,
  out: NodeJS.WriteStream,
) {
  if (!stream) return;
  createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) =>
    out.write(`${prefix} ${line}\n`),
  );
}

/**
 * Each child's own metrics port when METRICS_PORT is set (they share one machine): the gateway on
 * it, worker i on METRICS_PORT + i. 0 or unset keeps metrics off.
 */
function metricsPort(offset: number): Record<string, string> {
  const base = Number(env.METRICS_PORT ?? 0);
  return { METRICS_PORT: base > 0 ? String(base + offset) : "0" };
}

function spawnChild(
  name: string,
  entry: string,
  ownEnv: Record<string, string> = {},
): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: repoRoot,
    env: { ...env, ...ownEnv },
    stdio: ["ignore", "pipe", "pipe"],
    // Own process group: a terminal's Ctrl-C reaches only this script, which forwards it once
    // (close-with-grace exits at once on a second signal).
    detached: true,
  });
  const prefix = `[${name}]`;
  prefixLines(child.stdout, prefix, process.stdout);
  prefixLines(child.stderr, prefix, process.stderr);
  return child;
}

try {
  await prepare();
} catch (err) {
  if (!(err instanceof SeedError)) throw err;
  console.error(`[start-prod] ${err.message}`);
  process.exit(1);
}

// A child that exits on its own is restarted with backoff while the others keep serving.
const supervisor = new Supervisor({ log });
const urls = databaseUrls!;
supervisor.add("gateway", () =>
  spawnChild("gateway", "services/gateway/src/server.ts", {
    ...metricsPort(0),
    DATABASE_URL: urls.gateway,
    // As compose and k8s: never serve on a role that can read the answers.
    REQUIRE_ANSWER_FREE_ROLE: env.REQUIRE_ANSWER_FREE_ROLE ?? "true",
  }),
);
for (let i = 1; i <= workerCount; i++) {
  supervisor.add(`worker-${i}`, () =>
    spawnChild(`worker-${i}`, "workers/scoring/src/main.ts", {
      ...metricsPort(i),
      DATABASE_URL: urls.worker,
    }),
  );
}
log(
  `gateway on http://localhost:${env.PORT ?? "3000"} and ${workerCount} scoring worker(s); Ctrl-C stops them`,
);

const stopped = new Promise<number>((resolveCode) => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      supervisor.stop(signal).then(resolveCode);
    });
  }
});
// Children are in their own process groups, so they would outlive a crash of this script.
process.on("exit", () => supervisor.killAll());
process.exit(await stopped);
