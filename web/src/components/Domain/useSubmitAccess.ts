import useSWR from "swr";
import { useSubmissionSummary } from "../../api/submissions/hooks";
import { canCompete, fetchTeams, TEAMS_KEY } from "../../api/teams/requests";
import { useAuth } from "../../auth/AuthContext";

/**
 * Whether the visitor may submit from the domain page (a signed-in member of an active team),
 * and each challenge's expected row count from the team's summary (null until it is known).
 * The teams query is useTeams' own key and fetcher, asked only when someone is signed in.
 */
export function useSubmitAccess() {
  const { user } = useAuth();
  const { data: teams } = useSWR(user ? TEAMS_KEY : null, fetchTeams);
  const team = teams?.[0];
  const canSubmit = team !== undefined && canCompete(team);
  const { data: summary } = useSubmissionSummary(canSubmit);
  return {
    canSubmit,
    expectedRowsOf: (challengeKey: string): number | null =>
      summary?.find((entry) => entry.challenge_key === challengeKey)?.expected_rows ?? null,
  };
}
