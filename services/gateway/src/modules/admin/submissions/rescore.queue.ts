import { removeFinishedScoringJob, SCORING_QUEUE, type ScoringJob } from "@tandem/jobs";
import { Queue } from "bullmq";
import { Redis } from "ioredis";

/**
 * BullMQ mode only: removes a reopened submission's finished scoring job before the dispatcher
 * enqueues it again (job ids are per submission, and BullMQ ignores an id it still holds).
 * Opens its connection on first use: most gateways never rescore. A better home is the
 * dispatcher itself (a re-dispatch that replaces a finished job); until then this stays here.
 */
export function createFinishedJobCleaner(options: { redisUrl: string; prefix: string }) {
  let opened: { queue: Queue<ScoringJob>; connection: Redis } | undefined;
  function open() {
    if (!opened) {
      // Fails fast like the dispatcher's producer: the reconciler covers a rescore Redis missed.
      const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
      // Each failed call rejects and is logged by the rescore service; an unhandled "error"
      // event would crash the process instead.
      connection.on("error", () => {});
      opened = {
        connection,
        queue: new Queue<ScoringJob>(SCORING_QUEUE, { connection, prefix: options.prefix }),
      };
    }
    return opened.queue;
  }
  return {
    clear: (submissionId: string) => removeFinishedScoringJob(open(), submissionId),
    async close() {
      if (!opened) return;
      await opened.queue.close();
      opened.connection.disconnect();
    },
  };
}
