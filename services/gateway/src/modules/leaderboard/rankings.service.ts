import type { OverallLeaderboard, Standings } from "@tandem/contracts";
import type { Database } from "@tandem/db";
import { previewRankings, type RankingsCache, type RankingsFreshness } from "@tandem/jobs";

/** Where a team stands in the official overall standings as the cache has them. */
export interface TeamStanding {
  /** The team's public rank; null while it has no counted result. */
  rank: number | null;
  /** Which standings the cache holds: public until the reveal, final after it. */
  standings: Standings;
  /** When those standings were computed (the scores they include were committed before). */
  updatedAt: Date;
}

/**
 * Leaderboard bodies come from the rankings cache, which whoever `freshness` names rebuilds
 * after each change (ADR 0021). The gateway asks for fresh bodies only when the cache is empty
 * (first read after a cold start) and where it reads them right after a change (the reveal, a
 * rescore's "what moved"); every other change only says so (`changed`).
 */
export function createRankingsService({
  db,
  cache,
  freshness,
}: {
  db: Database;
  cache: RankingsCache;
  freshness: Pick<RankingsFreshness, "changed" | "fresh">;
}) {
  /** The cached body, or, when the cache is empty, one rebuilt now. */
  async function read(body: () => Promise<string | null>): Promise<string> {
    const cached = await body();
    if (cached !== null) return cached;
    await freshness.fresh();
    const rebuilt = await body();
    if (rebuilt === null) throw new Error("rankings cache empty right after a rebuild");
    return rebuilt;
  }

  // Each team's rank in the cached overall body, worked out once per body: a submit asks twice,
  // and the body (170 KB for 1,000 teams) changes at most once per rebuild.
  let ranked:
    | { body: string; standing: Omit<TeamStanding, "rank">; ranks: Map<string, number> }
    | undefined;
  function ranksIn(body: string) {
    if (ranked?.body === body) return ranked;
    const board = JSON.parse(body) as OverallLeaderboard;
    const ranks = new Map<string, number>();
    for (const row of board.leaderboard) {
      // A team without a counted result is listed but not ranked (the page leaves it out).
      if (row.valid_submissions_total === 0) continue;
      // Once final, each row keeps the team's public rank beside its final one.
      const rank = board.standings === "public" ? row.rank : row.public_rank;
      if (rank !== undefined) ranks.set(row.team_id, rank);
    }
    ranked = {
      body,
      standing: { standings: board.standings, updatedAt: new Date(board.updated_at) },
      ranks,
    };
    return ranked;
  }

  return {
    changed: () => freshness.changed(),
    fresh: () => freshness.fresh(),
    overall: () => read(() => cache.overall()),
    domain: (slug: string) => read(() => cache.domain(slug)),
    /** Organizers' preview of the final standings, computed now (never cached). */
    preview: () => previewRankings(db),
    /** The team's public overall rank in the official standings as cached, and when they were computed. */
    async standingOf(teamId: string): Promise<TeamStanding> {
      const { standing, ranks } = ranksIn(await read(() => cache.overall()));
      return { ...standing, rank: ranks.get(teamId) ?? null };
    },
    async totalScoreOf(teamId: string): Promise<number> {
      const body = JSON.parse(await this.overall()) as OverallLeaderboard;
      return body.leaderboard.find((row) => row.team_id === teamId)?.total_score ?? 0;
    },
  };
}
export type RankingsService = ReturnType<typeof createRankingsService>;
