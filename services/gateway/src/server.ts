import { createDatabase } from "@tandem/db";
import {
  createLogger,
  createRankingsCache,
  createRankingsFreshness,
  createRedisStore,
} from "@tandem/jobs";
import closeWithGrace from "close-with-grace";
import { Redis } from "ioredis";
import { buildApp } from "./app";
import { ADMIN_EMAIL_FORM_MESSAGE, ADMIN_REFUSED_MESSAGE, ensureAdmin } from "./bootstrap-admin";
import { loadConfig } from "./config";
import { createBullmqDispatcher } from "./dispatch/bullmq-dispatcher";
import { checkAnswerFreeRole } from "./lib/answer-free-role";

/** The production gateway process: Postgres and Redis, scoring by separate workers. */
const config = loadConfig(process.env);
const logger = createLogger(config.logLevel, "gateway");
if (!config.databaseUrl || !config.redisUrl) {
  logger.fatal("DATABASE_URL and REDIS_URL are required; use `npm start` for the embedded mode");
  process.exit(1);
}
const database = await createDatabase({ databaseUrl: config.databaseUrl });
// ADR 0021: this process must not be able to read the hidden answers.
const required = config.requireAnswerFreeRole;
if (!(await checkAnswerFreeRole({ db: database.db, required, logger }))) {
  await database.close();
  process.exit(1);
}
const dispatcher = createBullmqDispatcher({
  redisUrl: config.redisUrl,
  prefix: config.queuePrefix,
  waitsForScores: config.submitWaitMs > 0,
  logger,
});
// Rate-limit counters are shared by every gateway; a slow Redis must not stall logins.
const RANKINGS_VERSION_TTL_MS = 100;
const redis = new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
redis.on("error", (err) => logger.warn({ err: err.message }, "redis (rate limit) error"));
// Production creates an admin only from ADMIN_EMAIL/ADMIN_PASSWORD: a generated password would
// have to be printed into the logs.
if (config.admin.email) {
  const admin = await ensureAdmin(database.db, config.admin);
  if (admin?.created) logger.info({ email: admin.email }, "admin account created");
  if (admin?.refused) {
    logger.error(
      { email: admin.email },
      admin.reason === "email_form" ? ADMIN_EMAIL_FORM_MESSAGE : ADMIN_REFUSED_MESSAGE,
    );
  }
} else {
  logger.warn("ADMIN_EMAIL is not set: no admin account is created at start");
}

// The version of the workers' rankings is believed for 100 ms (issue 36): a leaderboard read costs
// no Redis round trip in between, against a rebuild gap of seconds (ADR 0012).
const rankingsCache = createRankingsCache(createRedisStore(redis), config.queuePrefix, {
  versionTtlMs: RANKINGS_VERSION_TTL_MS,
});
const app = await buildApp({
  config,
  db: database.db,
  dispatcher,
  readyChecks: { database: database.ping, redis: dispatcher.ping },
  logger,
  redis,
  rankingsCache,
  // A change here only marks the rankings stale; the workers rebuild them (ADR 0021), so this
  // process's requests never wait behind a rebuild, except where they read them at once
  // (`fresh`: a cold cache, the reveal, a rescore's "what moved").
  rankingsFreshness: createRankingsFreshness({
    db: database.db,
    cache: rankingsCache,
    mode: "marked",
    logger,
  }),
});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, "gateway crashed");
  logger.info({ signal }, "gateway stopping");
  await app.close();
  await dispatcher.close();
  redis.disconnect();
  await database.close();
});

await app.listen({ host: config.host, port: config.port });
