import { DOMAINS } from "@tandem/competition";
import { createAnswersStore, createDatabase, loadRankingInputs, serializeError } from "@tandem/db";
import {
  createRankingsCache,
  createRedisStore,
  SCORING_QUEUE,
  type ScoringJob,
} from "@tandem/jobs";
import { createAnswersCache, rankingBodies } from "@tandem/scoring";
import { Queue } from "bullmq";
import closeWithGrace from "close-with-grace";
import { Redis } from "ioredis";
import pino from "pino";
import { loadWorkerConfig } from "./config";
import { createSubmissionProcessor } from "./process-submission";
import { reconcileStuckSubmissions } from "./reconciler";
import { createScoringWorker } from "./worker";

const config = loadWorkerConfig(process.env);
const logger = pino({
  level: config.LOG_LEVEL,
  name: "scoring-worker",
  serializers: { err: serializeError },
});
const database = await createDatabase({ databaseUrl: config.DATABASE_URL });
// Workers block on Redis; BullMQ requires maxRetriesPerRequest null for them.
const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
const rankings = createRankingsCache(createRedisStore(connection), config.QUEUE_PREFIX);
const processSubmission = createSubmissionProcessor({
  db: database.db,
  getAnswers: createAnswersCache(createAnswersStore({ db: database.db })),
  logger,
  onScored: async () => {
    await rankings.write(rankingBodies(DOMAINS, await loadRankingInputs(database.db)));
  },
});
const worker = createScoringWorker({
  connection,
  prefix: config.QUEUE_PREFIX,
  concurrency: config.WORKER_CONCURRENCY,
  lockMs: config.WORKER_LOCK_MS,
  db: database.db,
  process: processSubmission,
  logger,
});
const queue = new Queue<ScoringJob>(SCORING_QUEUE, { connection, prefix: config.QUEUE_PREFIX });
const timer = setInterval(() => {
  reconcileStuckSubmissions(database.db, queue, config.RECONCILE_AFTER_MS, logger).catch(
    (err: unknown) => logger.warn({ err }, "reconcile failed"),
  );
}, config.RECONCILE_INTERVAL_MS);
logger.info({ concurrency: config.WORKER_CONCURRENCY }, "scoring worker started");

closeWithGrace({ delay: 20_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, "worker crashed");
  logger.info({ signal }, "scoring worker stopping");
  clearInterval(timer);
  // Close order: stop taking jobs (finishing the current ones), then the queue, then the database.
  await worker.close();
  await queue.close();
  connection.disconnect();
  await database.close();
});
