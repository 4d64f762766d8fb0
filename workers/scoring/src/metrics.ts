import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import type { ProcessOutcome } from "./process-submission";

/** How a job ended: the processor's outcome, or a failure BullMQ retries or gives up on. */
export type JobOutcome = ProcessOutcome | "failed" | "retried";

/** The worker's registry and its instruments, one set per process (tests build several). */
export function createWorkerMetrics({ processMetrics = true }: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: "tandem_" });
  const registers = [registry];

  const scoringDuration = new Histogram({
    name: "tandem_scoring_duration_seconds",
    help: "Time to score one submission (claim, check, score, write), by challenge",
    labelNames: ["challenge"] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });
  const jobs = new Counter({
    name: "tandem_scoring_jobs_total",
    help: "Scoring jobs by outcome: scored, invalid, skipped (nothing left to do), retried, failed (for good)",
    labelNames: ["outcome"] as const,
    registers,
  });
  const rankingsRefresh = new Histogram({
    name: "tandem_rankings_refresh_seconds",
    help: "Time to refresh the cached rankings after a counted score",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });

  return {
    registry,
    observeScoring(challenge: string, seconds: number) {
      scoringDuration.observe({ challenge }, seconds);
    },
    countJob(outcome: JobOutcome) {
      jobs.inc({ outcome });
    },
    observeRankingsRefresh(seconds: number) {
      rankingsRefresh.observe(seconds);
    },
  };
}
export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;

export interface MetricsServer {
  /** The port bound (the one asked for, or the system's choice for 0). */
  port: number;
  close(): Promise<void>;
}

/** Serves `GET /metrics` from `registry` at `host:port` (0: any free port). */
export async function serveMetrics(
  registry: Registry,
  { host, port, logger }: { host: string; port: number; logger: Logger },
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = request.url?.split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
      (err: unknown) => {
        logger.error({ err }, "metrics: scrape failed");
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
