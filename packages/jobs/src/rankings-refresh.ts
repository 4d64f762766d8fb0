import { METRICS } from "@tandem/competition";
import { allChallenges, domains } from "@tandem/competition/server";
import {
  competitionReveals,
  type Database,
  loadRankingInputs,
  loadRankingSummary,
  type RankingChallengeSpec,
  type RankingInputs,
  type RankingSummary,
} from "@tandem/db";
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
  const bodies = rankingBodies(rankingDomains(inputs), inputs);
  await cache.write(bodies);
  return bodies;
}

/**
 * The same bodies as refreshRankings, from cheaper inputs where they suffice: what the coalesced
 * refresh after each counted score runs (docs/adr/0012-rankings-refresh.md).
 */
export async function rebuildRankings(db: Database, cache: RankingsCache) {
  const inputs = await loadRefreshInputs(db);
  const bodies = rankingBodies(rankingDomains(inputs), inputs);
  await cache.write(bodies);
  return bodies;
}

/**
 * Before the reveal (the whole competition, its deadline rush included) the official standings
 * are the public ones: a few rows per team and challenge suffice. After it they are the final
 * ones, which weigh every final candidate: the full read, as scores are rare by then.
 */
export async function loadRefreshInputs(db: Database): Promise<RankingInputs | RankingSummary> {
  const revealed = await db.select({ id: competitionReveals.id }).from(competitionReveals).limit(1);
  if (revealed.length === 0) {
    const summary = await loadRankingSummary(db, rankingChallenges());
    // Unless the reveal landed between the two reads.
    if (!summary.revealed) return summary;
  }
  return loadRankingInputs(db);
}

/** Every ranked challenge with its metric's direction, as the summary needs them. */
export const rankingChallenges = (): RankingChallengeSpec[] =>
  allChallenges().map((challenge) => ({
    key: challenge.key,
    higherIsBetter: METRICS[challenge.metric].higherIsBetter,
  }));

/**
 * The organizers' preview of the final standings (private results, each team's public rank
 * beside it), computed on demand: rare, and never cached where a participant's read could
 * reach it.
 */
export async function previewRankings(db: Database) {
  const inputs = await loadRankingInputs(db);
  return rankingBodies(rankingDomains(inputs), inputs, { standings: "private" });
}

/** The active competition's domains, each challenge's count of final submissions the organizers' when set. */
export function rankingDomains({ finalPicks }: Pick<RankingInputs, "finalPicks">) {
  if (finalPicks === null) return domains();
  return domains().map((domain) => ({
    ...domain,
    challenges: domain.challenges.map((challenge) => ({
      ...challenge,
      finalSubmissions: finalPicks,
    })),
  }));
}
