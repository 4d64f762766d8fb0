import type { RankingDomain, Rankings } from "./ranking";
import { computeRankings } from "./ranking";

export interface RankingInputsLike {
  asOf: Date;
  teams: { id: string; name: string; activatedAt: Date | null }[];
  results: { teamId: string; challengeKey: string; metricValue: number; createdAt: Date }[];
  /** Each challenge's baseline on this deployment's answers; absent until measured. */
  baselines: Readonly<Record<string, number>>;
}

/**
 * The leaderboard response bodies (SPEC.md §3 shapes), serialized once when rankings change so
 * that reads send them as they are.
 */
export function rankingBodies(
  domains: readonly RankingDomain[],
  inputs: RankingInputsLike,
): { rankings: Rankings; version: number; overall: string; domains: Record<string, string> } {
  const withBaselines = domains.map((domain) => ({
    ...domain,
    challenges: domain.challenges.map((c) => ({ ...c, baseline: inputs.baselines[c.key] ?? null })),
  }));
  const rankings = computeRankings(withBaselines, inputs.teams, inputs.results);
  const updatedAt = inputs.asOf.toISOString();
  const bodies: Record<string, string> = {};
  for (const domain of withBaselines) {
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
      updated_at: updatedAt,
    });
  }
  return {
    rankings,
    version: inputs.asOf.getTime(),
    overall: JSON.stringify({ leaderboard: rankings.overall, updated_at: updatedAt }),
    domains: bodies,
  };
}
