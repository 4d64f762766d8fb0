/**
 * How often scoring is tried and how long to wait between tries, as data: the BullMQ job
 * options are derived from it, and the embedded server's in-process retries follow it too.
 */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** Waits double from `delay`; `jitter` (0 to 1) is the share of each wait drawn at random. */
  backoff: { type: "exponential"; delay: number; jitter: number };
}

export const SCORING_RETRY_POLICY: RetryPolicy = {
  attempts: 5,
  backoff: { type: "exponential", delay: 1000, jitter: 0.5 },
};

/** True when the try that just failed (the `failedAttempts`-th) was the last one allowed. */
export function isLastAttempt(attempts: number, failedAttempts: number): boolean {
  return failedAttempts >= attempts;
}

/**
 * The wait before the next try after `failedAttempts` failures: BullMQ's exponential backoff
 * with jitter (`Backoffs.builtinStrategies.exponential`), so both run modes wait alike.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  failedAttempts: number,
  random: () => number = Math.random,
): number {
  const { delay, jitter } = policy.backoff;
  const maxDelay = Math.round(2 ** (failedAttempts - 1) * delay);
  if (jitter <= 0) return maxDelay;
  return Math.floor(random() * maxDelay * jitter + maxDelay * (1 - jitter));
}
