import { type RetryPolicy, SCORING_RETRY_POLICY } from "@tandem/jobs";
import type { ProcessOutcome } from "@tandem/scoring-worker";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createInlineDispatcher } from "../src/inline-dispatcher";

// Embedded mode's seam, without a database: the processor and the failure mark are stand-ins.
const logger = pino({ level: "silent" });
const FAST: RetryPolicy = { attempts: 3, backoff: { type: "exponential", delay: 1, jitter: 0 } };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the inline dispatcher", () => {
  it("answers finished once scoring ends within the wait", async () => {
    const process = vi.fn(async (): Promise<ProcessOutcome> => "scored");
    const dispatcher = createInlineDispatcher({ process, markFailed: vi.fn(), logger });

    expect(await dispatcher.dispatch("s1", { traceId: "t", waitMs: 5_000 })).toBe("finished");
    expect(process).toHaveBeenCalledWith("s1", undefined, expect.anything());
    // The job's lines carry the request's trace id, as on a worker.
    const log = (process.mock.calls[0] as unknown[])[2] as { bindings(): Record<string, unknown> };
    expect(log.bindings()).toMatchObject({ submissionId: "s1", traceId: "t" });
  });

  it("answers pending after the wait while scoring goes on, and close waits for it", async () => {
    const release = deferred<ProcessOutcome>();
    const process = vi.fn(() => release.promise);
    const dispatcher = createInlineDispatcher({ process, markFailed: vi.fn(), logger });

    expect(await dispatcher.dispatch("s1", { traceId: "t", waitMs: 20 })).toBe("pending");
    let closed = false;
    const closing = dispatcher.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(false);
    release.resolve("scored");
    await closing;
    expect(closed).toBe(true);
  });

  it("retries a failing try and answers finished when a later one scores", async () => {
    const process = vi
      .fn<() => Promise<ProcessOutcome>>()
      .mockRejectedValueOnce(new Error("connection reset"))
      .mockResolvedValue("scored");
    const markFailed = vi.fn(async () => {});
    const dispatcher = createInlineDispatcher({ process, markFailed, logger, policy: FAST });

    expect(await dispatcher.dispatch("s1", { traceId: "t", waitMs: 5_000 })).toBe("finished");
    expect(process).toHaveBeenCalledTimes(2);
    expect(markFailed).not.toHaveBeenCalled();
  });

  it("marks the submission failed once the policy's last try failed", async () => {
    const process = vi.fn(async (): Promise<ProcessOutcome> => {
      throw new Error("no answers");
    });
    const markFailed = vi.fn(async () => {});
    const dispatcher = createInlineDispatcher({ process, markFailed, logger, policy: FAST });

    expect(await dispatcher.dispatch("s1", { traceId: "t", waitMs: 5_000 })).toBe("finished");
    expect(process).toHaveBeenCalledTimes(FAST.attempts);
    expect(markFailed).toHaveBeenCalledExactlyOnceWith("s1");
  });

  it("follows the queue's policy by default: five tries, 1, 2, 4 and 8 seconds apart", async () => {
    vi.useFakeTimers();
    // The top of each jittered wait, so the times below are exact.
    vi.spyOn(Math, "random").mockReturnValue(0.999_999_9);
    const tries: number[] = [];
    const start = Date.now();
    const process = vi.fn(async (): Promise<ProcessOutcome> => {
      tries.push(Date.now() - start);
      throw new Error("no answers");
    });
    const markFailed = vi.fn(async () => {});
    const dispatcher = createInlineDispatcher({ process, markFailed, logger });

    const outcome = dispatcher.dispatch("s1", { traceId: "t", waitMs: 60_000 });
    await vi.advanceTimersByTimeAsync(20_000);

    expect(await outcome).toBe("finished");
    expect(SCORING_RETRY_POLICY.attempts).toBe(5);
    expect(tries).toEqual([0, 999, 2_998, 6_997, 14_996]);
    expect(markFailed).toHaveBeenCalledExactlyOnceWith("s1");
  });
});
