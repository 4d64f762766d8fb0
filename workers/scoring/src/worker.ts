import type { Database } from "@tandem/db";
import {
  isLastAttempt,
  markSubmissionFailed,
  SCORING_QUEUE,
  type ScoringJob,
  scoringJobSchema,
} from "@tandem/jobs";
import { type ConnectionOptions, type Job, UnrecoverableError, Worker } from "bullmq";
import type { Logger } from "pino";
import type { WorkerMetrics } from "./metrics";
import type { ProcessOutcome, SubmissionProcessor } from "./process-submission";

export interface ScoringWorkerOptions {
  connection: ConnectionOptions;
  prefix?: string;
  concurrency: number;
  /** Lock duration and stalled-job check interval (BullMQ's defaults are 30 s). */
  lockMs?: number;
  db: Database;
  process: SubmissionProcessor;
  logger: Logger;
  metrics?: Pick<WorkerMetrics, "observeScoring" | "countJob">;
}

/** True when BullMQ will not try `job` again after `error`, its `failedAttempts`-th failure. */
function isFinal(job: Job<ScoringJob>, error: unknown, failedAttempts: number): boolean {
  return (
    error instanceof UnrecoverableError || isLastAttempt(job.opts.attempts ?? 1, failedAttempts)
  );
}

export function createScoringWorker(options: ScoringWorkerOptions): Worker<ScoringJob> {
  const { db, logger, metrics } = options;
  const worker = new Worker<ScoringJob>(
    SCORING_QUEUE,
    async (job) => {
      const data = scoringJobSchema.safeParse(job.data);
      if (!data.success) {
        // No submission to mark: the job names none.
        logger.warn({ jobId: job.id }, "dropped a malformed scoring job");
        throw new UnrecoverableError("Malformed scoring job");
      }
      const { submissionId, traceId } = data.data;
      // The gateway's request id, so one search follows a submission from upload to score.
      const log = logger.child({ jobId: job.id, submissionId, ...(traceId ? { traceId } : {}) });
      try {
        const started = performance.now();
        const seen: { challengeKey?: string } = {};
        const outcome = await options.process(submissionId, seen, log);
        if (outcome !== "skipped" && seen.challengeKey) {
          metrics?.observeScoring(seen.challengeKey, (performance.now() - started) / 1000);
        }
        return { outcome };
      } catch (err) {
        // Marked before the job fails, so whoever waits for the job reads the final status.
        // BullMQ counts this failure in `attemptsMade` only once the processor has thrown.
        if (isFinal(job, err, job.attemptsMade + 1)) await giveUp(submissionId, log);
        throw err;
      }
    },
    {
      connection: options.connection,
      concurrency: options.concurrency,
      ...(options.prefix ? { prefix: options.prefix } : {}),
      ...(options.lockMs ? { lockDuration: options.lockMs, stalledInterval: options.lockMs } : {}),
    },
  );

  async function giveUp(submissionId: string, log: Logger): Promise<void> {
    try {
      await markSubmissionFailed(db, submissionId);
    } catch (err) {
      // The submission stays unfinished and its job failed: the reconciler retries the job.
      log.error({ err }, "could not mark submission failed; the reconciler will retry it");
    }
  }

  worker.on("completed", (_job, result: { outcome: ProcessOutcome }) => {
    metrics?.countJob(result.outcome);
  });
  worker.on("failed", (job, error) => {
    if (!job) return;
    metrics?.countJob(isFinal(job, error, job.attemptsMade) ? "failed" : "retried");
    logger.warn(
      {
        jobId: job.id,
        traceId: job.data?.traceId,
        attempt: job.attemptsMade,
        final: isFinal(job, error, job.attemptsMade),
        err: error,
      },
      "scoring job failed",
    );
  });
  worker.on("error", (error) => logger.error({ err: error }, "worker error"));
  return worker;
}
