import { z } from "zod";
import { SCORING_RETRY_POLICY } from "./retry-policy";

/**
 * The scoring queue, defined once for the producers (gateway, reconciler) and the consumer
 * (worker). Job data carries ids only: the worker re-reads the submission from the database.
 */
export const SCORING_QUEUE = "scoring";
export const SCORING_JOB_NAME = "score";

export const scoringJobSchema = z.object({
  submissionId: z.string().uuid(),
  traceId: z.string().optional(),
});
export type ScoringJob = z.infer<typeof scoringJobSchema>;

/** One job per submission: a second enqueue of the same id is a no-op in BullMQ. */
export function scoringJobId(submissionId: string): string {
  return `score-${submissionId}`;
}

export const scoringJobOptions = {
  attempts: SCORING_RETRY_POLICY.attempts,
  backoff: { ...SCORING_RETRY_POLICY.backoff },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  // Failures are kept longer so they can be inspected and retried.
  removeOnFail: { age: 14 * 24 * 3600 },
};
export type ScoringJobOptions = typeof scoringJobOptions & { jobId: string };

/** The part of a BullMQ `Queue<ScoringJob>` that enqueues. */
export interface ScoringQueue<Job> {
  add(name: string, data: ScoringJob, options: ScoringJobOptions): Promise<Job>;
}

/** Adds the submission's scoring job, with its id, retry policy and retention. */
export function enqueueScoringJob<Job>(
  queue: ScoringQueue<Job>,
  submissionId: string,
  traceId?: string,
): Promise<Job> {
  return queue.add(
    SCORING_JOB_NAME,
    traceId === undefined ? { submissionId } : { submissionId, traceId },
    { ...scoringJobOptions, jobId: scoringJobId(submissionId) },
  );
}
