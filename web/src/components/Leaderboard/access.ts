import { useTeams } from "../../api/teams/hooks";
import { useAuth } from "../../auth/AuthContext";
import { useCompetition } from "../../competition/CompetitionContext";

/**
 * What the leaderboards show this reader under the definition's `leaderboard_visibility`
 * (issue 33): the standings, or why not and what to do. The gateway decides the same way.
 */
export type LeaderboardAccess = "checking" | "allowed" | "login" | "organizers" | "team";

/** The signed-in participant's team, to mark its row (organizers see every row alike). */
export function useOwnTeamId(): string | null {
  const { status, user } = useAuth();
  const { data } = useTeams(status === "authenticated" && user?.admin_access !== true);
  return data?.[0]?.id ?? null;
}

export function useLeaderboardAccess(): LeaderboardAccess {
  const { status, user } = useAuth();
  const visibility = useCompetition().competition.definition.leaderboard_visibility;
  const asksTeam =
    visibility === "participants" && status === "authenticated" && user?.admin_access !== true;
  const teams = useTeams(asksTeam);

  if (visibility === "public") return "allowed";
  if (status === "loading") return "checking";
  if (status === "unauthenticated") return "login";
  if (user?.admin_access === true) return "allowed";
  if (visibility === "organizers") return "organizers";
  if (teams.data) return teams.data.length > 0 ? "allowed" : "team";
  // Not known yet; on a failed look-up the server's answer decides (the views explain a refusal).
  return teams.error ? "allowed" : "checking";
}
