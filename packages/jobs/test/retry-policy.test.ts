import { Backoffs } from "bullmq";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  isLastAttempt,
  type RetryPolicy,
  retryDelayMs,
  SCORING_RETRY_POLICY,
  scoringJobOptions,
} from "../src";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the scoring retry policy", () => {
  it("is what every scoring job is enqueued with", () => {
    expect(scoringJobOptions).toMatchObject({
      attempts: SCORING_RETRY_POLICY.attempts,
      backoff: SCORING_RETRY_POLICY.backoff,
    });
  });

  it("allows five tries, the last one ending it", () => {
    expect([1, 2, 3, 4].map((failed) => isLastAttempt(5, failed))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(isLastAttempt(5, 5)).toBe(true);
  });

  it("doubles the wait from one second, each wait drawn from its upper half", () => {
    const bounds = [1, 2, 3, 4].map((failed) => [
      retryDelayMs(SCORING_RETRY_POLICY, failed, () => 0),
      retryDelayMs(SCORING_RETRY_POLICY, failed, () => 0.999_999),
    ]);
    expect(bounds).toEqual([
      [500, 999],
      [1000, 1999],
      [2000, 3999],
      [4000, 7999],
    ]);
  });

  it("waits exactly as BullMQ does for the same random draw", () => {
    const policies: RetryPolicy[] = [
      SCORING_RETRY_POLICY,
      { attempts: 3, backoff: { type: "exponential", delay: 250, jitter: 0 } },
      { attempts: 4, backoff: { type: "exponential", delay: 333, jitter: 0.2 } },
    ];
    for (const policy of policies) {
      for (const draw of [0, 0.25, 0.5, 0.999]) {
        vi.spyOn(Math, "random").mockReturnValue(draw);
        for (let failed = 1; failed < policy.attempts; failed++) {
          expect(retryDelayMs(policy, failed)).toBe(
            Backoffs.calculate(policy.backoff, failed, new Error("x"), undefined as never),
          );
        }
      }
    }
  });
});
