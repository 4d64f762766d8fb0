import { DOMAINS } from "@tandem/competition";
import { type Database, loadRankingInputs } from "@tandem/db";
import { rankingBodies } from "@tandem/scoring";
import type { RankingsCache } from "./rankings-cache";

/**
 * Recomputes every leaderboard from the database and stores it in the cache (a newer snapshot
 * already stored wins); returns the bodies computed. After a counted score, after baselines
 * change, and when the cache is empty.
 */
export async function refreshRankings(db: Database, cache: RankingsCache) {
  const bodies = rankingBodies(DOMAINS, await loadRankingInputs(db));
  await cache.write(bodies);
  return bodies;
}
