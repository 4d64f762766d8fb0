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
    help: "Time of each rebuild of the cached rankings (counted scores and the gateways' marks)",
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
