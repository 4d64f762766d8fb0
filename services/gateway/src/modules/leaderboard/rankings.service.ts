import type { OverallLeaderboard } from "@tandem/contracts";
import type { Database } from "@tandem/db";
import { previewRankings, type RankingsCache, type RankingsFreshness } from "@tandem/jobs";

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

  return {
    changed: () => freshness.changed(),
    fresh: () => freshness.fresh(),
    overall: () => read(() => cache.overall()),
    domain: (slug: string) => read(() => cache.domain(slug)),
    /** Organizers' preview of the final standings, computed now (never cached). */
    preview: () => previewRankings(db),
    async totalScoreOf(teamId: string): Promise<number> {
      const body = JSON.parse(await this.overall()) as OverallLeaderboard;
      return body.leaderboard.find((row) => row.team_id === teamId)?.total_score ?? 0;
    },
  };
}
export type RankingsService = ReturnType<typeof createRankingsService>;
