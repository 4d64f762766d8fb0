import type { CountedResult, RankingDomain, RankingPart, Rankings } from "./ranking";
import { computeRankings } from "./ranking";

/** Which standings a body carries (contracts' `Standings`). */
export type StandingsKind = "public" | "final" | "private";

export interface RankingInputsLike {
  asOf: Date;
  teams: { id: string; name: string; activatedAt: Date | null }[];
  results: CountedResult[];
  /** Each challenge's baseline on this deployment's answers; absent until measured. */
  baselines: Readonly<Record<string, number>>;
  /** The baselines on the private part, where measured. */
  privateBaselines?: Readonly<Record<string, number>>;
  /** Whether the organizers revealed the final standings: then the bodies are `final`. */
  revealed?: boolean;
}

/**
 * The leaderboard response bodies (shapes: docs/product.md#records), serialized once when rankings
 * change so that reads send them as they are. By default the official standings: public before the
 * reveal, final after it; `standings: "private"` is the organizers' preview of the final ones.
 * Private and final rows carry the team's public rank beside their own and the change.
 */
export function rankingBodies(
  domains: readonly RankingDomain[],
  inputs: RankingInputsLike,
  options: { standings?: StandingsKind } = {},
): {
  rankings: Rankings;
  standings: StandingsKind;
  version: number;
  overall: string;
  domains: Record<string, string>;
} {
  const standings = options.standings ?? (inputs.revealed ? "final" : "public");
  const part: RankingPart = standings === "public" ? "public" : "private";
  const withBaselines = (which: RankingPart) =>
    domains.map((domain) => ({
      ...domain,
      challenges: domain.challenges.map((c) => ({
        ...c,
        // The private part's baseline where measured; the public one says the most otherwise.
        baseline:
          (which === "private" ? inputs.privateBaselines?.[c.key] : undefined) ??
          inputs.baselines[c.key] ??
          null,
      })),
    }));
  const shown = withBaselines(part);
  const rankings = computeRankings(shown, inputs.teams, inputs.results, { part });
  if (part === "private") {
    addShakeUp(rankings, computeRankings(withBaselines("public"), inputs.teams, inputs.results));
  }
  const updatedAt = inputs.asOf.toISOString();
  const bodies: Record<string, string> = {};
  for (const domain of shown) {
    const result = rankings.domains[domain.slug]!;
    bodies[domain.slug] = JSON.stringify({
      domain: result.domain,
      slug: domain.slug,
      challenge_columns: result.challenge_columns,
      baseline: {
        challenges: Object.fromEntries(
          result.challenge_columns.map((c) => [
            c.key,
            { metric_name: c.metric_name, metric_value: c.baseline },
          ]),
        ),
      },
      leaderboard: result.rows,
      standings,
      updated_at: updatedAt,
    });
  }
  return {
    rankings,
    standings,
    version: inputs.asOf.getTime(),
    overall: JSON.stringify({ leaderboard: rankings.overall, standings, updated_at: updatedAt }),
    domains: bodies,
  };
}

/** Puts each team's public rank and its change beside the private rows (in place). */
function addShakeUp(privateRankings: Rankings, publicRankings: Rankings): void {
  const mark = (
    rows: { team_id: string; rank: number; public_rank?: number; rank_change?: number }[],
    publicRows: { team_id: string; rank: number }[],
  ) => {
    const publicRank = new Map(publicRows.map((row) => [row.team_id, row.rank]));
    for (const row of rows) {
      // Every ranked team is in both: the same teams rank in both standings.
      const rank = publicRank.get(row.team_id) ?? row.rank;
      row.public_rank = rank;
      row.rank_change = rank - row.rank;
    }
  };
  mark(privateRankings.overall, publicRankings.overall);
  for (const [slug, domain] of Object.entries(privateRankings.domains)) {
    mark(domain.rows, publicRankings.domains[slug]?.rows ?? []);
  }
}
