import type { Database } from "@tandem/db";
import type { Logger } from "pino";
import type { RankingsCache } from "./rankings-cache";
import { createRankingsCoalescer } from "./rankings-coalescer";
import { rebuildRankings } from "./rankings-refresh";

/**
 * Who rebuilds the cached rankings after a change (ADR 0021, amending 0012):
 * - `in-process`: this process rebuilds for its own changes, and `changed()` waits for it (the
 *   embedded server, the gateway's test app, the data tools);
 * - `marked`: `changed()` only marks the rankings stale; a rebuilder (`watch()`, the scoring
 *   workers) rebuilds them, at most once per `minGapMs`. A marked process that does not watch
 *   (the production gateway) never rebuilds for others, only for its own `fresh()`.
 */
export type RankingsFreshnessMode = "in-process" | "marked";

export interface RankingsFreshnessOptions {
  db: Database;
  cache: RankingsCache;
  mode: RankingsFreshnessMode;
  logger: Pick<Logger, "warn">;
  /** The least time between the starts of two rebuilds under the lock here (default 0). */
  minGapMs?: number;
  /** The rebuild lock's lease (DEFAULT_REFRESH_LEASE_MS). */
  leaseMs?: number;
  /** Told each rebuild's duration (the worker's metric). */
  onRebuilt?: (durationSeconds: number) => void;
  /** Runs before each rebuild: the rankings list the active definition's domains (its source's `current()`). */
  beforeRebuild?: () => Promise<unknown>;
}

/**
 * The one place that decides how the cached rankings catch up with a change. Entry points choose
 * the mode; everything else calls `changed()` or `fresh()`.
 *
 * Both rebuild with `rebuildRankings`, never the uncoalesced full `refreshRankings`: the two
 * write the same keys with the same bodies (the per-team summary equals the full computation
 * before the reveal, db/test/rankings-incremental.test.ts, and after it both read everything),
 * so what `fresh()` callers rely on is not the full read but its timing: when it resolves, the
 * cache holds bodies reflecting every change made before the call (a cold cache's read, the
 * reveal, a rescore's "what moved"). It goes through the coalescer's lock, and while another
 * process holds it (a worker waiting out its gap) it rebuilds here at once without it.
 */
export function createRankingsFreshness(options: RankingsFreshnessOptions) {
  const { db, cache, mode, logger, beforeRebuild } = options;
  const coalescer = createRankingsCoalescer({
    coordination: cache.coordination,
    rebuild: async () => {
      await beforeRebuild?.();
      return rebuildRankings(db, cache);
    },
    logger,
    rebuildForOthers: mode === "in-process",
    ...(options.onRebuilt ? { onRebuilt: options.onRebuilt } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    ...(options.minGapMs ? { minGapMs: options.minGapMs } : {}),
  });
  let watching = false;

  return {
    mode,
    /**
     * Something that feeds the rankings changed and is stored (a counted score, a final mark, a
     * team change, settings, baselines, a definition edit). In-process: resolves once a rebuild
     * reflecting it is done. Marked: resolves once the mark is stored (a rebuilder here starts
     * its loop at once). Never rejects: the change is stored and its mark stays, so a failure
     * only delays the leaderboard until the next rebuild.
     */
    async changed(): Promise<void> {
      try {
        if (mode === "in-process") await coalescer.fresh();
        else if (watching) await coalescer.mark();
        else await cache.coordination.request();
      } catch (err) {
        logger.warn({ err }, "rankings: could not catch up with a change");
      }
    },
    /** Resolves once the cache reflects every change so far; rejects if the rebuild fails. */
    fresh: (): Promise<void> => coalescer.fresh(),
    /** Makes this process a rebuilder: every `everyMs` it rebuilds if anyone marked the rankings stale. */
    watch(everyMs: number): void {
      watching = true;
      coalescer.watch(everyMs);
    },
    /** Stops watching and retrying, and waits for the rebuild under way; the marks stay. */
    stop: (): Promise<void> => coalescer.close(),
  };
}
export type RankingsFreshness = ReturnType<typeof createRankingsFreshness>;
