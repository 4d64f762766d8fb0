import {
  QUEUE_BUSY_WAIT_SECONDS,
  QUEUE_RATE_WINDOW_SECONDS,
  type QueueStatus,
} from "@tandem/contracts";
import type { QueueCounts } from "./status.repository";

/** What the public sees, from the counts: the estimate and whether to call the queue busy. */
export function queueStatusOf(counts: QueueCounts): QueueStatus {
  const { length, oldestWaitSeconds, finishedInWindow } = counts;
  // length ÷ (finished ÷ window), in integers so a whole number of seconds stays whole.
  const estimate =
    length === 0
      ? 0
      : finishedInWindow > 0
        ? Math.ceil((length * QUEUE_RATE_WINDOW_SECONDS) / finishedInWindow)
        : null;
  // Nothing finished lately yet something waits: busy once it has waited long, not at once
  // (the first submission after a quiet spell would otherwise raise the alarm).
  const busy =
    length > 0 &&
    ((estimate ?? 0) > QUEUE_BUSY_WAIT_SECONDS ||
      (oldestWaitSeconds ?? 0) > QUEUE_BUSY_WAIT_SECONDS);
  return {
    queue: {
      length,
      oldest_wait_seconds: oldestWaitSeconds,
      scored_last_5_minutes: finishedInWindow,
      estimated_wait_seconds: estimate,
      busy,
    },
    as_of: counts.asOf.toISOString(),
  };
}

/** How long each gateway keeps the figures before it reads them again. */
export const QUEUE_STATUS_CACHE_MS = 2000;

/**
 * The queue status through a per-process cache of `ttlMs`, with one read in flight: when
 * thousands of participants poll near a deadline, each gateway queries at most once per window
 * and concurrent requests share that query. A failed read is not kept.
 */
export function createQueueStatusService({
  counts,
  ttlMs = QUEUE_STATUS_CACHE_MS,
  now = Date.now,
}: {
  /** The one query (status.repository.ts). */
  counts: () => Promise<QueueCounts>;
  ttlMs?: number;
  now?: () => number;
}) {
  let cached: { value: QueueStatus; readAt: number } | undefined;
  let loading: Promise<QueueStatus> | undefined;

  return {
    current(): Promise<QueueStatus> {
      if (cached && now() - cached.readAt < ttlMs) return Promise.resolve(cached.value);
      if (!loading) {
        // Aged from when the read began, so no answer is older than the window.
        const startedAt = now();
        loading = counts()
          .then((read) => {
            const value = queueStatusOf(read);
            cached = { value, readAt: startedAt };
            return value;
          })
          .finally(() => {
            loading = undefined;
          });
      }
      return loading;
    },
  };
}
export type QueueStatusService = ReturnType<typeof createQueueStatusService>;
