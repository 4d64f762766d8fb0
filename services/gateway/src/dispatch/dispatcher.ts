/**
 * The seam between the two run modes (docs/architecture.md#dispatch-seam): hand a stored submission
 * to scoring and wait a bounded time for it. Production enqueues on BullMQ; embedded mode
 * runs the worker's processor in-process. Either way the database holds the result.
 */
export interface ScoringDispatcher {
  /** "finished" once scoring ended (well or badly), "pending" if still running after `waitMs`. */
  dispatch(
    submissionId: string,
    options: { traceId: string; waitMs: number },
  ): Promise<"finished" | "pending">;
  /** Readiness probe for whatever the dispatcher depends on. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
