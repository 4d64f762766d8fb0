import { z } from "zod";

const schema = z.object({
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required for the scoring worker"),
  REDIS_URL: z.string().min(1, "REDIS_URL is required for the scoring worker"),
  QUEUE_PREFIX: z.string().default("tandem"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1000).default(30_000),
  RECONCILE_AFTER_MS: z.coerce.number().int().min(1000).default(120_000),
  /** How long a job's lock lives; a dead worker's jobs are retried after about this long. */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /**
   * The least time between two rankings rebuilds (docs/adr/0012-rankings-refresh.md): the
   * leaderboard lags a score by at most this and a rebuild; 0 rebuilds back to back.
   */
  RANKINGS_MIN_GAP_MS: z.coerce.number().int().min(0).max(300_000).default(2_000),
  /** Port of the Prometheus `/metrics` listener; 0: not served. One per process on a machine. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Its address; loopback unless the scraper is elsewhere (0.0.0.0 in a pod). */
  METRICS_HOST: z.string().default("127.0.0.1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/** The environment read once, at start, into camelCase keys (the gateway's casing too). */
export function loadWorkerConfig(env: Record<string, string | undefined>) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  }
  const e = parsed.data;
  return {
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    queuePrefix: e.QUEUE_PREFIX,
    concurrency: e.WORKER_CONCURRENCY,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    reconcileAfterMs: e.RECONCILE_AFTER_MS,
    lockMs: e.WORKER_LOCK_MS,
    rankingsMinGapMs: e.RANKINGS_MIN_GAP_MS,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    logLevel: e.LOG_LEVEL,
  };
}
export type WorkerConfig = ReturnType<typeof loadWorkerConfig>;
