import type { Database } from "@tandem/db";
import type { ScoringDispatcher } from "@tandem/gateway";
import {
  isLastAttempt,
  type RetryPolicy,
  reopenUnfinishedSubmissions,
  retryDelayMs,
  SCORING_RETRY_POLICY,
} from "@tandem/jobs";
import type { SubmissionProcessor } from "@tandem/scoring-worker";
import type { Logger } from "pino";

/**
 * Embedded mode's dispatcher: runs the worker's processor in this process, retried by the same
 * policy the queue follows, with the same "wait a while, then answer 202" contract.
 */
export function createInlineDispatcher(options: {
  process: SubmissionProcessor;
  /** Marks the submission failed once the policy's last try failed. */
  markFailed: (submissionId: string) => Promise<unknown>;
  logger: Logger;
  policy?: RetryPolicy;
}): ScoringDispatcher {
  const policy = options.policy ?? SCORING_RETRY_POLICY;
  const running = new Set<Promise<unknown>>();

  async function run(submissionId: string, traceId: string): Promise<void> {
    // As on a worker: the job's lines carry the trace id of the request that queued it.
    const log = options.logger.child({ submissionId, traceId });
    for (let failed = 1; ; failed++) {
      try {
        await options.process(submissionId, undefined, log);
        return;
      } catch (err) {
        log.warn({ attempt: failed, err: String(err) }, "scoring attempt failed");
        if (isLastAttempt(policy.attempts, failed)) {
          await options.markFailed(submissionId);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(policy, failed)));
      }
    }
  }

  return {
    async dispatch(submissionId, { traceId, waitMs }) {
      const job = run(submissionId, traceId).catch((err: unknown) =>
        options.logger.error({ submissionId, err: String(err) }, "scoring crashed"),
      );
      running.add(job);
      void job.finally(() => running.delete(job));
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        job.then(() => "finished" as const),
        new Promise<"pending">((resolve) => {
          timer = setTimeout(() => resolve("pending"), waitMs);
        }),
      ]);
      clearTimeout(timer);
      return outcome;
    },
    async ping() {},
    async close() {
      await Promise.allSettled([...running]);
    },
  };
}

/**
 * At start, scores whatever the previous process left unfinished. Its claims died with it (this
 * process holds the data folder's lock), so they are given back first. Returns how many.
 */
export async function resumeUnfinished(
  db: Database,
  dispatcher: ScoringDispatcher,
): Promise<number> {
  const ids = await reopenUnfinishedSubmissions(db);
  for (const id of ids) void dispatcher.dispatch(id, { traceId: "startup", waitMs: 0 });
  return ids.length;
}
