import { type Challenge, METRICS } from "@tandem/competition";
import { domains } from "@tandem/competition/server";
import type { ChallengeSummary } from "@tandem/contracts";
import type { Team } from "@tandem/db";
import { isBetter, teamResultOn } from "@tandem/scoring";
import type { SubmissionsRepository } from "./submissions.repository";
import { feedbackView } from "./submissions.view";

const DAY_MS = 86_400_000;

export interface SummaryDeps {
  submissions: Pick<SubmissionsRepository, "activity" | "countedResults" | "expectedRows">;
  /** Each challenge's baseline on the current answers, both parts (private: null if unmeasured). */
  baselines: () => Promise<Record<string, { public: number; private: number | null }>>;
  isRevealed: () => Promise<boolean>;
  /** The team's daily limit on a challenge. */
  dailyLimit: (challenge: Challenge) => number;
  now?: () => Date;
}

/**
 * `GET /submissions/summary`: for each of the competition's challenges, what the team's
 * dashboard shows. The score is the one the leaderboard ranks the team by and the team may see
 * (docs/adr/0009-public-private-split.md): its best public score before the reveal, its final
 * one after; the baseline is of the same kind, so the comparison is like for like.
 */
export async function challengeSummaries(
  deps: SummaryDeps,
  team: Pick<Team, "id" | "status">,
): Promise<ChallengeSummary[]> {
  const now = deps.now?.() ?? new Date();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const resetsAt = new Date(dayStart.getTime() + DAY_MS).toISOString();
  const [activity, results, expectedRows, baselines, revealed] = await Promise.all([
    deps.submissions.activity(team.id, dayStart),
    // An inactive team has no counted results (only an active one can make them).
    team.status === "active" ? deps.submissions.countedResults(team.id) : Promise.resolve([]),
    deps.submissions.expectedRows(),
    deps.baselines(),
    deps.isRevealed(),
  ]);
  const activityOf = new Map(activity.map((row) => [row.challengeKey, row]));
  const part = revealed ? "private" : "public";

  return domains().flatMap((domain) =>
    domain.challenges.map((challenge): ChallengeSummary => {
      const own = results
        .filter((row) => row.challengeKey === challenge.key)
        .map((row) => ({
          teamId: team.id,
          challengeKey: row.challengeKey,
          metricValue: row.metricValue!,
          privateMetricValue: row.privateMetricValue,
          shownValue: row.shownValue,
          final: row.finalAt !== null,
          createdAt: row.createdAt,
        }));
      // After the reveal, results scored before the split have no private score: such a team
      // shows (and is ranked on) nothing new, as on the leaderboard.
      const best = teamResultOn(challenge, own, part);
      const parts = baselines[challenge.key];
      const baseline = parts ? (revealed ? parts.private : parts.public) : null;
      const counts = activityOf.get(challenge.key);
      const used = counts?.usedSince ?? 0;
      const limit = deps.dailyLimit(challenge);
      return {
        challenge_key: challenge.key,
        domain: domain.name,
        challenge: challenge.number,
        title: challenge.title,
        score: best?.value ?? null,
        score_kind: revealed ? "final" : "public",
        // Before the reveal the best as the policy shows it; after it the final standings' score.
        feedback: feedbackView(revealed ? { policy: "exact" } : challenge.feedback),
        metric_name: METRICS[challenge.metric].name,
        higher_is_better: METRICS[challenge.metric].higherIsBetter,
        baseline,
        beats_baseline:
          best && baseline !== null ? isBetter(challenge.metric, best.value, baseline) : null,
        used_today: used,
        daily_limit: limit,
        // The same count and limit /submit admits against, so the two never disagree.
        remaining_today: Math.max(0, limit - used),
        resets_at: resetsAt,
        counted: best !== undefined,
        submissions: counts?.total ?? 0,
        expected_rows: expectedRows.get(challenge.key) ?? null,
        last_submitted_at: counts?.lastAt ? new Date(counts.lastAt).toISOString() : null,
      };
    }),
  );
}
