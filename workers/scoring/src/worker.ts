import type { Database } from "@tandem/db";
import { SCORING_QUEUE, type ScoringJob, scoringJobSchema } from "@tandem/jobs";
import { type ConnectionOptions, UnrecoverableError, Worker } from "bullmq";
import type { Logger } from "pino";
import { markFailed, type SubmissionProcessor } from "./process-submission";

export interface ScoringWorkerOptions {
  connection: ConnectionOptions;
  prefix?: string;
  concurrency: number;
  /** Lock duration and stalled-job check interval (BullMQ's defaults are 30 s). */
  lockMs?: number;
  db: Database;
  process: SubmissionProcessor;
  logger: Logger;
}

export function createScoringWorker(options: ScoringWorkerOptions): Worker<ScoringJob> {
  const { db, logger } = options;
  const worker = new Worker<ScoringJob>(
    SCORING_QUEUE,
    async (job) => {
      const data = scoringJobSchema.safeParse(job.data);
      if (!data.success) throw new UnrecoverableError("Malformed scoring job");
      const outcome = await options.process(data.data.submissionId);
      return { outcome };
    },
    {
      connection: options.connection,
      concurrency: options.concurrency,
      ...(options.prefix ? { prefix: options.prefix } : {}),
      ...(options.lockMs ? { lockDuration: options.lockMs, stalledInterval: options.lockMs } : {}),
    },
  );
  worker.on("failed", (job, error) => {
    if (!job) return;
    const final =
      job.attemptsMade >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError;
    logger.warn(
      { jobId: job.id, attempt: job.attemptsMade, final, err: error },
      "scoring job failed",
    );
    if (final) {
      markFailed(
        db,
        job.data.submissionId,
        "Scoring failed on the platform; it will not count against you.",
      ).catch((err: unknown) => logger.error({ err }, "could not mark submission failed"));
    }
  });
  worker.on("error", (error) => logger.error({ err: error }, "worker error"));
  return worker;
}
