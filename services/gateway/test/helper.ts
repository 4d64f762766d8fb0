import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { withMainWindow } from "@tandem/competition";
import { competitionSettings, createCompetitionVersions } from "@tandem/db";
import {
  type CompetitionSource,
  createCompetitionSource,
  createRankingsCache,
  createRankingsFreshness,
  createRedisStore,
  type RankingsCache,
  type RankingsFreshness,
} from "@tandem/jobs";
import { createRankingProcessor, createScoringWorker } from "@tandem/scoring-worker";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import pino from "pino";
import {
  createTestDatabase,
  createTestRedis,
  TEST_DATA_SEED,
  TEST_SECRETS,
  type TestDatabase,
} from "../../../test/support/services";
import { buildApp } from "../src/app";
import { ensureAdmin } from "../src/bootstrap-admin";
import { loadConfig } from "../src/config";
import { createBullmqDispatcher } from "../src/dispatch/bullmq-dispatcher";

export const ADMIN = { email: "admin@example.org", password: "admin-password-1" };

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  staticDir: string;
  /** The rankings cache the gateway and the worker share (for tests that write rows directly). */
  rankingsCache: RankingsCache;
  /** The worker's rankings freshness (tests that write rows directly call its `fresh()`). */
  rankings: RankingsFreshness;
  /** The gateway's and the worker's view of the active definition. */
  competition: CompetitionSource;
  close(): Promise<void>;
}

/**
 * The gateway as production runs it: real Postgres (a database of its own), BullMQ on real
 * Redis, and a scoring worker consuming the queue, here in the test's process.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logger?: pino.Logger;
    data?: { seed: string; scale: number };
    /** Keep the production rate limits instead of the suite's relaxed ones. */
    productionLimits?: boolean;
    /**
     * The worker's rankings as production rebuilds them (marked, watched, spaced by the gap: ADR
     * 0012, 0021); default: in-process, each score waits for its rebuild.
     */
    rankings?: { minGapMs: number };
  } = {},
): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), "tandem-gateway-"));
  const staticDir = join(dir, "static");
  const webDistDir = join(dir, "web");
  const database = await createTestDatabase({
    data: options.data ?? { seed: TEST_DATA_SEED, scale: 0.002 },
    staticDir,
  });
  const redis = await createTestRedis();
  await mkdir(webDistDir, { recursive: true });
  await writeFile(
    join(webDistDir, "index.html"),
    "<!doctype html><title>Tandem</title><div id=root></div>",
  );

  const now = Date.now();
  const config = loadConfig({
    ...TEST_SECRETS,
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: redis.prefix,
    DATA_DIR: dir,
    STATIC_DIR: staticDir,
    WEB_DIST_DIR: webDistDir,
    ORGANIZER_CODE: "let-me-organize-the-competition",
    COMPETITION_OPENS_AT: new Date(now - 86_400_000).toISOString(),
    COMPETITION_CLOSES_AT: new Date(now + 86_400_000).toISOString(),
    SUBMIT_WAIT_MS: "15000",
    BODY_LIMIT_BYTES: String(2 * 1024 * 1024),
    // The suite signs in many times from one address; the limits have tests of their own.
    ...(options.productionLimits
      ? {}
      : {
          RATE_LIMIT_AUTH_PER_IP: "100000",
          RATE_LIMIT_AUTH_PER_EMAIL: "100000",
          RATE_LIMIT_FAILURES_PER_IP: "100000",
        }),
    ...env,
  });
  const logger = pino({ level: "silent" });
  await ensureAdmin(database.handle.db, ADMIN);
  const dispatcher = createBullmqDispatcher({
    redisUrl: redis.url,
    prefix: redis.prefix,
    waitsForScores: config.submitWaitMs > 0,
    logger,
  });
  const workerConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const rankingsCache = createRankingsCache(createRedisStore(workerConnection), redis.prefix);
  const competition = createCompetitionSource({
    db: database.handle.db,
    environment: config.competitionWindow,
  });
  const rankings = createRankingsFreshness({
    db: database.handle.db,
    cache: rankingsCache,
    mode: options.rankings ? "marked" : "in-process",
    logger,
    beforeRebuild: () => competition.current(),
    ...(options.rankings ? { minGapMs: options.rankings.minGapMs } : {}),
  });
  if (options.rankings) rankings.watch(Math.max(250, options.rankings.minGapMs / 2));
  const worker = createScoringWorker({
    connection: workerConnection,
    prefix: redis.prefix,
    concurrency: 2,
    db: database.handle.db,
    process: createRankingProcessor({
      db: database.handle.db,
      rankings,
      logger,
      competition,
    }),
    logger,
  });
  const app = await buildApp({
    config,
    db: database.handle.db,
    dispatcher,
    readyChecks: { database: database.handle.ping, redis: dispatcher.ping },
    logger: options.logger ?? false,
    rankingsCache,
    competition,
  });
  await app.ready();
  return {
    app,
    database,
    staticDir,
    rankingsCache,
    rankings,
    competition,
    async close() {
      await app.close();
      await worker.close();
      await rankings.stop();
      workerConnection.disconnect();
      await dispatcher.close();
      await redis.cleanup();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Lets time pass beyond the main phase: its close is written into the past the way the clock
 * would have reached it, straight into the database (no organizer may move a passed date), and
 * the app reads it at once. Where the environment sets the window the settings row overrides
 * it; where the definition decides (`via: "definition"`), a new version moves its main phase.
 */
export async function endMainPhase(
  t: Pick<TestApp, "database" | "competition">,
  { via = "settings" }: { via?: "settings" | "definition" } = {},
) {
  const db = t.database.handle.db;
  const closesAt = new Date(Date.now() - 1000);
  const opensAt = new Date(closesAt.getTime() - 2 * 86_400_000);
  if (via === "settings") {
    await db
      .insert(competitionSettings)
      .values({ id: 1, opensAt, closesAt })
      .onConflictDoUpdate({ target: competitionSettings.id, set: { opensAt, closesAt } });
  } else {
    const { version, stored } = await t.competition.current();
    await createCompetitionVersions({ db }).insert(db, {
      version: version + 1,
      definition: withMainWindow(stored, { opensAt, closesAt }),
      changes: ["The main phase ended (test clock)."],
      source: "console",
      createdBy: null,
      createdByEmail: null,
    });
  }
  t.competition.invalidate();
  await t.competition.current();
}

/** A pino logger at `level` whose every line is kept in memory, for tests that read the logs. */
export function captureLogs(level: pino.Level) {
  const captured = { text: "" };
  const sink = new Writable({
    write(chunk, _encoding, done) {
      captured.text += chunk.toString();
      done();
    },
  });
  return { logger: pino({ level }, sink), captured };
}

/** Signs up a participant and returns their bearer header. */
export async function signUp(app: FastifyInstance, email: string, password = "secret-pass") {
  const response = await app.inject({
    method: "POST",
    url: "/api/save-user-signup",
    payload: {
      firstName: "Grace",
      lastName: "Hopper",
      email,
      password,
      isStudent: true,
      position: "Computer Science",
      area: "Healthcare",
      gradYear: new Date().getFullYear() + 1,
      eligible: true,
      rememberMe: true,
    },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const body = response.json() as { token: string; user: { id: string } };
  return {
    token: body.token,
    userId: body.user.id,
    auth: { authorization: `Bearer ${body.token}` },
  };
}

let people = 0;
/** Signs up a new participant with a unique address (`{prefix}-{n}@example.org`). */
export function newMember(app: FastifyInstance, prefix = "member") {
  people++;
  return signUp(app, `${prefix}-${people}-${Date.now()}@example.org`);
}

/** The user creates team `name`; answers the team view their dashboard shows. */
export async function createTeam<View = { id: string; api_key: string; invite_code: string }>(
  app: FastifyInstance,
  user: { auth: { authorization: string } },
  name: string,
): Promise<View> {
  const response = await app.inject({
    method: "POST",
    url: "/api/teams/create",
    headers: user.auth,
    payload: { team_name: name },
  });
  if (response.statusCode !== 201) throw new Error(`team create failed: ${response.body}`);
  return response.json().team as View;
}

export async function adminAuth(app: FastifyInstance) {
  const response = await app.inject({
    method: "POST",
    url: "/api/login-verification",
    payload: ADMIN,
  });
  return { authorization: `Bearer ${(response.json() as { token: string }).token}` };
}

/** Signs up `{name}@example.org`, creates team `name` and has the admin activate it. */
export async function activeTeam(app: FastifyInstance, name: string) {
  const user = await signUp(app, `${name}@example.org`);
  const created = await app.inject({
    method: "POST",
    url: "/api/teams/create",
    headers: user.auth,
    payload: { team_name: name },
  });
  const team = created.json().team as { id: string; api_key: string };
  await app.inject({
    method: "POST",
    url: "/api/competition/start",
    headers: { ...(await adminAuth(app)), "x-team-id": team.id },
  });
  return team;
}

export interface Route {
  method: string;
  /** As registered: `/api/submissions/:id`, `/static/*`. */
  url: string;
}

/**
 * Every route the app has, read from its router once it is built (so routes added later are
 * covered): parses `printRoutes()`'s radix tree, each line adding its segment to its parent's.
 */
export function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim())) {
      if (method) routes.push({ method, url: stack.join("") });
    }
  }
  return routes;
}
