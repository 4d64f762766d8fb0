import { DOMAINS } from "@tandem/competition";
import { type Database, loadRankingInputs, type RankingInputs } from "@tandem/db";
import { rankingBodies } from "@tandem/scoring";
import type { RankingsCache } from "./rankings-cache";

/**
 * Recomputes every leaderboard from the database and stores it in the cache (a newer snapshot
 * already stored wins); returns the bodies computed. After a counted score, after baselines
 * change, after the reveal, and when the cache is empty. The cache holds the official standings:
 * public before the reveal, final after it (docs/adr/0009-public-private-split.md).
 */
export async function refreshRankings(db: Database, cache: RankingsCache) {
  const inputs = await loadRankingInputs(db);
  const bodies = rankingBodies(domainsFor(inputs), inputs);
  await cache.write(bodies);
  return bodies;
}

/**
 * The organizers' preview of the final standings (private results, each team's public rank
 * beside it), computed on demand: rare, and never cached where a participant's read could
 * reach it.
 */
export async function previewRankings(db: Database) {
  const inputs = await loadRankingInputs(db);
  return rankingBodies(domainsFor(inputs), inputs, { standings: "private" });
}

/** The competition's domains, each challenge's count of final submissions the organizers' when set. */
function domainsFor({ finalPicks }: Pick<RankingInputs, "finalPicks">) {
  if (finalPicks === null) return DOMAINS;
  return DOMAINS.map((domain) => ({
    ...domain,
    challenges: domain.challenges.map((challenge) => ({
      ...challenge,
      finalSubmissions: finalPicks,
    })),
  }));
}
