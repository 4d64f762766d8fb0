import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { RefreshCoordination } from "./rankings-coordination";

/** Long enough to outlast a rebuild's synchronous part; short enough to take a crashed holder over soon. */
export const DEFAULT_REFRESH_LEASE_MS = 3_000;
/** Tries after a failed rebuild before waiting for the next request. */
const RETRIES = 5;

export interface RankingsCoalescerOptions {
  coordination: RefreshCoordination;
  /** Recomputes every leaderboard from the database and stores it (rebuildRankings). */
  rebuild: () => Promise<unknown>;
  logger: Pick<Logger, "warn">;
  /** Told how long each rebuild this process ran took. */
  onRebuilt?: (durationSeconds: number) => void;
  /** How long the lock outlives a holder that stops renewing it (crashed, or stuck). */
  leaseMs?: number;
  /**
   * The least time between the starts of two rebuilds here (default 0). Under a rush, rebuilds
   * back to back would take a whole core for leaderboards read a few times a minute; a gap of a
   * few seconds bounds that, and the leaderboard lags a score by at most the gap and a rebuild.
   */
  minGapMs?: number;
  /**
   * Whether a round that finds requests made by other processes keeps the lock and rebuilds for
   * them too (default true). False for a process that rebuilds only for its own callers (a
   * gateway's `fresh()`, rankings-freshness.ts): it gives the lock up after its round, leaving
   * the others' marks to the rebuilders that watch, so a rush never turns it into the rebuilder.
   * `watch()` turns it on.
   */
  rebuildForOthers?: boolean;
}

/** A caller of `fresh()`: let go once a finished rebuild, anywhere, reflects `generation`. */
interface FreshWaiter {
  generation: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Rankings refreshes merged across every process (docs/adr/0012-rankings-refresh.md): a request
 * marks the rankings stale, and whichever process holds the lock rebuilds, again and again while
 * requests keep coming, so a rush costs one rebuild at a time instead of one per score. A
 * request resolves once a rebuild that reflects it has run here, or at once when another
 * process holds the lock: that holder, or whoever takes over after its lease, reflects it.
 */
export function createRankingsCoalescer(options: RankingsCoalescerOptions) {
  const { coordination, rebuild, logger, onRebuilt } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_REFRESH_LEASE_MS;
  const minGapMs = options.minGapMs ?? 0;
  let lastRebuildAt = Number.NEGATIVE_INFINITY;
  const token = randomUUID();
  /** The one loop in this process that takes the lock and rebuilds. */
  let running: Promise<void> | undefined;
  /** A request came while the loop ran: it tries the lock once more before it stops. */
  let again = false;
  let waiters: { generation: number; resolve: () => void }[] = [];
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;
  let watcher: NodeJS.Timeout | undefined;
  let rebuildForOthers = options.rebuildForOthers ?? true;
  let freshWaiters: FreshWaiter[] = [];
  /** A rebuild run without the lock for `fresh()` callers while another process holds it. */
  let lockless: Promise<void> | undefined;
  /** Ends the gap being waited out (close() does not wait up to RANKINGS_MIN_GAP_MS). */
  let wakeFromGap: (() => void) | undefined;

  /** Lets go the requests a rebuild up to `generation` reflects. */
  function settle(generation: number) {
    waiters = waiters.filter((waiter) => {
      if (waiter.generation > generation) return true;
      waiter.resolve();
      return false;
    });
  }

  /** Lets go the `fresh()` callers a finished rebuild up to `generation` reflects. */
  function settleFresh(generation: number) {
    freshWaiters = freshWaiters.filter((waiter) => {
      if (waiter.generation > generation) return true;
      waiter.resolve();
      return false;
    });
  }

  function rejectFresh(err: unknown) {
    const failed = freshWaiters;
    freshWaiters = [];
    for (const waiter of failed) waiter.reject(err);
  }

  /**
   * Rebuilds here, without the lock, for the `fresh()` callers waiting: another process holds
   * it and may be waiting out its gap (up to RANKINGS_MIN_GAP_MS), while they need the bodies
   * now. The cache's compare-and-set keeps whichever snapshot is newer; the holder's marks stay,
   * so it still rebuilds after its gap (one rebuild more, rare: fresh() is).
   */
  function rebuildWithoutLock() {
    if (lockless || freshWaiters.length === 0) return;
    // Each of these asked for its generation before this rebuild reads the database.
    const served = freshWaiters;
    freshWaiters = [];
    lockless = (async () => {
      const started = performance.now();
      await rebuild();
      onRebuilt?.((performance.now() - started) / 1000);
    })().then(
      () => {
        for (const waiter of served) waiter.resolve();
      },
      (err: unknown) => {
        logger.warn({ err }, "rankings rebuild failed");
        for (const waiter of served) waiter.reject(err);
      },
    );
    void lockless.finally(() => {
      lockless = undefined;
      rebuildWithoutLock();
    });
  }

  function kick() {
    if (closed) {
      settle(Number.POSITIVE_INFINITY);
      rejectFresh(new Error("rankings refresh: closed"));
      return;
    }
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = undefined;
      // A request can land between the loop's last look at `again` and here (replies resolve
      // in the same tick): it must still get its rebuild.
      if (again) kick();
      else {
        settle(Number.POSITIVE_INFINITY);
        // The lock was lost mid-round: whoever holds it now may wait out its gap.
        rebuildWithoutLock();
      }
    });
  }

  async function run() {
    do {
      again = false;
      let lock: Awaited<ReturnType<RefreshCoordination["acquire"]>>;
      try {
        lock = await coordination.acquire(token, leaseMs);
      } catch (err) {
        logger.warn({ err }, "rankings refresh: could not reach the lock");
        settle(Number.POSITIVE_INFINITY);
        rebuildWithoutLock();
        return;
      }
      if (lock.acquired) {
        await hold();
      } else {
        // Another process rebuilds and will see these requests; if it died, take over after its lease.
        settle(Number.POSITIVE_INFINITY);
        rebuildWithoutLock();
        retryAfter(lock.retryInMs);
      }
    } while (again && !closed);
  }

  /** Rebuilds while the generation keeps moving; gives the lock up when it stands still. */
  async function hold() {
    const renewal = setInterval(() => {
      coordination.renew(token, leaseMs).catch(() => {});
    }, leaseMs / 3);
    renewal.unref();
    try {
      for (;;) {
        // The gap comes first, so every request made during it is reflected by this round.
        const wait = lastRebuildAt + minGapMs - performance.now();
        if (wait > 0 && !closed) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait);
            wakeFromGap = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wakeFromGap = undefined;
        }
        // Closed during the gap: the marks stay for the others.
        if (closed) {
          await coordination.release(token);
          return;
        }
        // Every request before this read is reflected by this round; later ones make it `again`.
        again = false;
        const { requested, rebuilt } = await coordination.progress();
        settle(rebuilt);
        settleFresh(rebuilt);
        let reflected = 0;
        if (requested > rebuilt) {
          lastRebuildAt = performance.now();
          const started = performance.now();
          await rebuild();
          onRebuilt?.((performance.now() - started) / 1000);
          failures = 0;
          reflected = requested;
          settle(requested);
          settleFresh(requested);
        }
        if ((await coordination.finishRound(token, leaseMs, reflected)) !== "again") return;
        // The marks still open are others': leave them to the rebuilders that watch, unless
        // this process is one, or one of its own callers asked since this round's read.
        if (closed || (!rebuildForOthers && !again)) {
          await coordination.release(token);
          return;
        }
      }
    } catch (err) {
      failures += 1;
      logger.warn({ err, failures }, "rankings rebuild failed");
      rejectFresh(err);
      await coordination.release(token).catch(() => {});
      // The stale mark stays; the next request retries too.
      if (failures <= RETRIES) retryAfter(leaseMs * failures);
    } finally {
      clearInterval(renewal);
    }
  }

  function retryAfter(ms: number) {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      kick();
    }, ms + 10);
    retry.unref();
  }

  return {
    /** Marks the rankings stale and sees that a rebuild reflects it (see above for when it resolves). */
    async request(): Promise<void> {
      const generation = await coordination.request();
      const reflected = new Promise<void>((resolve) => waiters.push({ generation, resolve }));
      kick();
      await reflected;
    },
    /**
     * Marks the rankings stale and resolves once a finished rebuild reflects it, wherever it ran:
     * under the lock here (through the gap, if this process has one), or, while another process
     * holds the lock, a rebuild run here at once without it (rebuildWithoutLock). Rejects when
     * the rebuild here fails. For callers that read the bodies next.
     */
    async fresh(): Promise<void> {
      if (closed) throw new Error("rankings refresh: closed");
      const generation = await coordination.request();
      const reflected = new Promise<void>((resolve, reject) =>
        freshWaiters.push({ generation, resolve, reject }),
      );
      kick();
      await reflected;
    },
    /**
     * Marks the rankings stale and starts the loop, resolving once the mark is stored, without
     * waiting for the rebuild: a scoring worker's job slot is not held while leaderboards catch up.
     */
    async mark(): Promise<void> {
      await coordination.request();
      kick();
    },
    /**
     * Looks every `everyMs` for requests made by processes that do not rebuild themselves (the
     * gateways' intake, ADR 0013) and rebuilds for them, coalesced as any request.
     */
    watch(everyMs: number): void {
      if (watcher || closed) return;
      rebuildForOthers = true;
      watcher = setInterval(() => {
        if (running) return;
        coordination.progress().then(
          ({ requested, rebuilt }) => {
            if (requested > rebuilt) kick();
          },
          (err: unknown) => logger.warn({ err }, "rankings refresh: could not read the marks"),
        );
      }, everyMs);
      watcher.unref();
    },
    /** Resolves once this process runs no rebuild. */
    async idle(): Promise<void> {
      while (running || lockless) await (running ?? lockless);
    },
    /** Stops retrying and waits for the rebuild under way; the stale mark stays for the others. */
    async close(): Promise<void> {
      closed = true;
      wakeFromGap?.();
      if (watcher) clearInterval(watcher);
      if (retry) clearTimeout(retry);
      retry = undefined;
      while (running || lockless) await (running ?? lockless);
    },
  };
}
export type RankingsCoalescer = ReturnType<typeof createRankingsCoalescer>;
