import type { OverallLeaderboard } from "@tandem/contracts";
import type { Database } from "@tandem/db";
import { previewRankings, type RankingsCache, refreshRankings } from "@tandem/jobs";

/**
 * Leaderboard bodies come from the rankings cache, which the scoring worker rewrites whenever a
 * counted score lands. The gateway recomputes only when the cache is empty (first read after
 * a cold start), when team changes alter who is ranked (activation, a team deleted), and after
 * the reveal (the cached standings turn from public to final).
 */
export function createRankingsService({ db, cache }: { db: Database; cache: RankingsCache }) {
  // A newer snapshot already stored wins; this request still answers with its own.
  const refresh = () => refreshRankings(db, cache);

  return {
    refresh,
    async overall(): Promise<string> {
      return (await cache.overall()) ?? (await refresh()).overall;
    },
    async domain(slug: string): Promise<string> {
      return (await cache.domain(slug)) ?? (await refresh()).domains[slug]!;
    },
    /** Organizers' preview of the final standings, computed now (never cached). */
    preview: () => previewRankings(db),
    async totalScoreOf(teamId: string): Promise<number> {
      const body = JSON.parse(await this.overall()) as OverallLeaderboard;
      return body.leaderboard.find((row) => row.team_id === teamId)?.total_score ?? 0;
    },
  };
}
export type RankingsService = ReturnType<typeof createRankingsService>;
