import { createDatabase } from "@tandem/db";
import {
  createCompetitionSource,
  createLogger,
  createRankingsCache,
  createRankingsFreshness,
  createRedisStore,
  type MetricsServer,
  SCORING_QUEUE,
  type ScoringJob,
  serveMetrics,
} from "@tandem/jobs";
import { Queue } from "bullmq";
import closeWithGrace from "close-with-grace";
import { Redis } from "ioredis";
import { loadWorkerConfig } from "./config";
import { createWorkerMetrics } from "./metrics";
import { createRankingProcessor } from "./process-submission";
import { reconcileStuckSubmissions } from "./reconciler";
import { createScoringWorker } from "./worker";

const config = loadWorkerConfig(process.env);
const logger = createLogger(config.logLevel, "scoring-worker");
const database = await createDatabase({ databaseUrl: config.databaseUrl });
// Workers block on Redis; BullMQ requires maxRetriesPerRequest null for them.
const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
const metrics = createWorkerMetrics();
const competition = createCompetitionSource({ db: database.db });
// Workers are the rebuilders (ADR 0021): a job slot scores and only marks the rankings stale;
// the leaderboards catch up behind, at most one rebuild per gap across every worker, for the
// gateways' changes (teams, final marks, settings) too.
const rankings = createRankingsFreshness({
  db: database.db,
  cache: createRankingsCache(createRedisStore(connection), config.queuePrefix),
  mode: "marked",
  logger,
  minGapMs: config.rankingsMinGapMs,
  onRebuilt: metrics.observeRankingsRefresh,
  // The rankings list the active definition's domains and challenges.
  beforeRebuild: () => competition.current(),
});
rankings.watch(Math.max(250, config.rankingsMinGapMs / 2));
const processSubmission = createRankingProcessor({
  db: database.db,
  rankings,
  logger,
  // A claim lives as long as the job's lock: a dead worker's job is re-delivered once its lock
  // lapses, and by then so has the claim.
  claimLeaseMs: config.lockMs,
  competition,
});
// Answers loaded and aligned before the first job: a worker added mid-rush scores at full speed.
const prepared = await processSubmission.warm();
logger.info({ challenges: prepared }, "answers prepared");
const worker = createScoringWorker({
  connection,
  prefix: config.queuePrefix,
  concurrency: config.concurrency,
  lockMs: config.lockMs,
  db: database.db,
  process: processSubmission,
  logger,
  metrics,
});
const queue = new Queue<ScoringJob>(SCORING_QUEUE, { connection, prefix: config.queuePrefix });
const timer = setInterval(() => {
  reconcileStuckSubmissions(database.db, queue, config.reconcileAfterMs, logger).catch(
    (err: unknown) => logger.warn({ err }, "reconcile failed"),
  );
}, config.reconcileIntervalMs);
let metricsServer: MetricsServer | undefined;
if (config.metricsPort > 0) {
  const listen = { host: config.metricsHost, port: config.metricsPort };
  try {
    metricsServer = await serveMetrics(metrics.registry, { ...listen, logger });
    logger.info(listen, "metrics served at /metrics");
  } catch (err) {
    // Scoring matters more than its figures: two workers on one machine (`npm run start:prod`)
    // share METRICS_PORT, and the second scores without serving it.
    logger.error({ err, ...listen }, "metrics not served: the port is taken or cannot be bound");
  }
}
logger.info({ concurrency: config.concurrency }, "scoring worker started");

closeWithGrace({ delay: 20_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, "worker crashed");
  logger.info({ signal }, "scoring worker stopping");
  clearInterval(timer);
  // Close order: stop taking jobs (finishing the current ones), then the queue, then the database.
  await worker.close();
  await rankings.stop();
  await metricsServer?.close();
  await queue.close();
  connection.disconnect();
  await database.close();
});
