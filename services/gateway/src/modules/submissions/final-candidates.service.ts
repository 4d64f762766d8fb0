import { METRICS } from "@tandem/competition";
import { domains } from "@tandem/competition/server";
import {
  FINAL_CANDIDATES_BEST,
  FINAL_CANDIDATES_NEWEST,
  type FinalCandidatesChallenge,
} from "@tandem/contracts";
import type { SubmissionsRepository } from "./submissions.repository";
import { toHistoryItem } from "./submissions.view";

export interface FinalCandidatesDeps {
  submissions: Pick<SubmissionsRepository, "finalCandidates" | "answersVersions">;
  /** The organizers' count of final submissions for every challenge; null: each its own. */
  finalPicks: number | null;
  revealed: boolean;
}

/**
 * `GET /submissions/final-candidates`: per challenge, what the dashboard's final-pick card lists
 * (every marked submission, the best few by the score the team is shown, the newest few),
 * instead of every scored submission the team ever made. Ordered by the shown score, never the
 * hidden one: the order must tell the team nothing its feedback policy does not.
 */
export async function finalCandidates(
  deps: FinalCandidatesDeps,
  teamId: string,
): Promise<FinalCandidatesChallenge[]> {
  const challenges = domains().flatMap((domain) =>
    domain.challenges.map((challenge) => ({ domain, challenge })),
  );
  const lowerIsBetter = challenges
    .filter(({ challenge }) => !METRICS[challenge.metric].higherIsBetter)
    .map(({ challenge }) => challenge.key);
  const [rows, versions] = await Promise.all([
    deps.submissions.finalCandidates(teamId, {
      best: FINAL_CANDIDATES_BEST,
      newest: FINAL_CANDIDATES_NEWEST,
      lowerIsBetter,
      revealed: deps.revealed,
    }),
    deps.submissions.answersVersions(),
  ]);
  return challenges.flatMap(({ domain, challenge }) => {
    const own = rows.filter((row) => row.challengeKey === challenge.key);
    if (own.length === 0) return [];
    return [
      {
        challenge_key: challenge.key,
        domain: domain.name,
        challenge: challenge.number,
        title: challenge.title,
        limit: deps.finalPicks ?? challenge.finalSubmissions,
        marked: own.filter((row) => row.finalAt !== null).length,
        eligible: own[0]!.eligible,
        candidates: own.map((row) =>
          toHistoryItem(row, deps.revealed, versions.get(row.challengeKey)),
        ),
      },
    ];
  });
}
