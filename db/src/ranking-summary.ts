import { and, eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import {
  loadRankingInputsWith,
  type RankingInputs,
  rankedSubmission,
  rankedTeam,
} from "./ranking-inputs";
import { submissions, teams } from "./schema";

/** What the summary needs to know of a challenge: which way its metric ranks. */
export interface RankingChallengeSpec {
  key: string;
  higherIsBetter: boolean;
}

export type RankingSummaryResult = RankingInputs["results"][number] & {
  /** How many counted submissions the row stands for (see CountedResult.count). */
  count: number;
};

/** Ranking inputs whose results suffice for the public standings only. */
export type RankingSummary = Omit<RankingInputs, "results"> & {
  results: RankingSummaryResult[];
};

/**
 * The ranking inputs for the public standings from one aggregate per team and challenge instead
 * of every counted submission (docs/adr/0012-rankings-refresh.md): what the public standings use
 * of a team's results there is their count, the best public score as shown under the feedback
 * policy (docs/adr/0015; none while no score is shown) and when it was first reached (ties: the
 * earliest, to the millisecond, as the ranking's clock), and the latest submission's
 * time. Each group comes as one or two results: the best, carrying the count, and when there
 * were more, one with the same score at the latest time (it never beats the best: same score,
 * not earlier). Their private scores and final marks are not read: not for the private
 * standings. `challenges` must be every challenge the rankings show: a result on any other is
 * left out, as the full computation ignores it.
 */
export function loadRankingSummary(
  db: Database,
  challenges: readonly RankingChallengeSpec[],
): Promise<RankingSummary> {
  return loadRankingInputsWith(db, async () => {
    if (challenges.length === 0) return [];
    const groups = await summaryGroups(db, challenges);
    return groups.flatMap(
      ({ total, bestAt, latestAt, shown, ...group }): RankingSummaryResult[] => {
        const best = {
          ...group,
          // Only the shown score ranks in the public standings: the exact one is not read.
          metricValue: shown ?? 0,
          shownValue: shown,
          privateMetricValue: null,
          final: false,
          createdAt: new Date(bestAt),
          count: total,
        };
        if (total === 1) return [best];
        return [
          { ...best, count: total - 1 },
          { ...best, createdAt: latestAt, count: 1 },
        ];
      },
    );
  });
}

/** One hashed aggregate over the ranked submissions: no sort, one row per team and challenge. */
function summaryGroups(db: Database, challenges: readonly RankingChallengeSpec[]) {
  const keys = (list: readonly RankingChallengeSpec[]) =>
    sql.join(
      list.map((c) => sql`${c.key}`),
      sql`, `,
    );
  const higher = challenges.filter((c) => c.higherIsBetter);
  const isHigher =
    higher.length > 0 ? sql`${submissions.challengeKey} in (${keys(higher)})` : sql`false`;
  // Lower is better once a higher-is-better score is negated (exact for doubles).
  const worse = sql`case when ${isHigher} then -${submissions.shownScore} else ${submissions.shownScore} end`;
  // Milliseconds, truncated as a Date of the timestamp is (the ranking's clock); exact once
  // truncated, and float arithmetic is cheaper than numeric.
  const ms = sql`round(date_part('epoch', date_trunc('milliseconds', ${submissions.createdAt})) * 1000)`;
  return db
    .select({
      teamId: submissions.teamId,
      challengeKey: submissions.challengeKey,
      total: sql<number>`count(*)::int`,
      // Null when no score of the group is shown yet (none beat the baseline by the threshold).
      shown: sql<
        number | null
      >`case when ${isHigher} then -min(${worse}) else min(${worse}) end`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
      // The smallest (score, time) pair: the best score, first reached.
      bestAt: sql<number>`(min(array[${worse}, ${ms}]))[2]`.mapWith(Number),
      latestAt: sql<Date>`max(${submissions.createdAt})`.mapWith(submissions.createdAt),
    })
    .from(submissions)
    .innerJoin(teams, eq(teams.id, submissions.teamId))
    .where(
      and(rankedTeam, rankedSubmission, sql`${submissions.challengeKey} in (${keys(challenges)})`),
    )
    .groupBy(submissions.teamId, submissions.challengeKey);
}
