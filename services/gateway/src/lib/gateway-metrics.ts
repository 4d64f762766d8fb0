import type { FastifyBaseLogger } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** Label of requests no route matched: raw URLs would give one series per scanner's guess. */
export const UNMATCHED_ROUTE = "unmatched";

export type SubmissionOutcome = "accepted" | "replayed" | "refused";

export interface QueueFigures {
  depth: number;
  /** Seconds since the oldest unfinished submission was sent; 0 when none waits. */
  oldestWaitSeconds: number;
}

export interface GatewayMetricsOptions {
  /** Read on every scrape. */
  readQueue: () => Promise<QueueFigures>;
  logger: FastifyBaseLogger;
  /** The process's own figures (CPU, memory, event loop); only worth collecting when served. */
  processMetrics: boolean;
}

/** The gateway's registry and its instruments, one set per app (tests build many apps). */
export function createGatewayMetrics({ readQueue, logger, processMetrics }: GatewayMetricsOptions) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: "tandem_" });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: "tandem_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route template",
    labelNames: ["method", "route", "status_code"] as const,
    // Up to /submit's wait for its score (SUBMIT_WAIT_MS, 30 s by default).
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });
  const submissions = new Counter({
    name: "tandem_submissions_total",
    help: "POST /api/submit answers: accepted, replayed (same Idempotency-Key or file) or refused, by error code",
    labelNames: ["outcome", "reason"] as const,
    registers,
  });

  // Both gauges come from one query per scrape: prom-client collects them concurrently.
  let reading: Promise<void> | undefined;
  const readOnce = () => {
    reading ??= readQueue()
      .then(({ depth, oldestWaitSeconds }) => {
        queueDepth.set(depth);
        oldestWait.set(oldestWaitSeconds);
      })
      .catch((err: unknown) => {
        // The other figures still matter most while the database struggles: no value, no failure.
        logger.warn({ err }, "metrics: could not read the queue");
        queueDepth.set(Number.NaN);
        oldestWait.set(Number.NaN);
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  const queueDepth = new Gauge({
    name: "tandem_queue_depth",
    help: "Submissions queued or being scored",
    registers,
    collect: readOnce,
  });
  const oldestWait = new Gauge({
    name: "tandem_queue_oldest_wait_seconds",
    help: "Seconds the oldest submission still queued or being scored has waited",
    registers,
    collect: readOnce,
  });

  return {
    registry,
    observeRequest(
      labels: { method: string; route: string; status_code: number },
      seconds: number,
    ) {
      httpDuration.observe(labels, seconds);
    },
    countSubmission(outcome: SubmissionOutcome, reason?: string) {
      submissions.inc(reason ? { outcome, reason } : { outcome });
    },
  };
}
export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
