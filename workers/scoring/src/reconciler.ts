import type { Database } from "@tandem/db";
import {
  enqueueScoringJob,
  type ScoringJob,
  scoringJobId,
  stuckSubmissionPages,
} from "@tandem/jobs";
import type { Queue } from "bullmq";
import type { Logger } from "pino";

/**
 * Re-enqueues submissions left unfinished for `olderThanMs` since their latest claim (Redis
 * lost the job, a worker died mid-job), oldest first, every page of them. A job's id is made from
 * its submission's (`scoringJobId`), so a job that still exists is left alone.
 */
export async function reconcileStuckSubmissions(
  db: Database,
  queue: Queue<ScoringJob>,
  olderThanMs: number,
  logger: Logger,
): Promise<number> {
  let requeued = 0;
  for await (const page of stuckSubmissionPages(db, { olderThanMs })) {
    for (const id of page) {
      const job = await queue.getJob(scoringJobId(id));
      const state = job ? await job.getState() : "missing";
      if (state === "missing" || state === "unknown" || state === "completed") {
        if (job) await job.remove();
        await enqueueScoringJob(queue, id);
        requeued++;
      } else if (state === "failed") {
        await job!.retry();
        requeued++;
      }
    }
  }
  if (requeued > 0) logger.info({ requeued }, "re-enqueued stuck submissions");
  return requeued;
}
