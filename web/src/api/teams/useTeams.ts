import useSWR from "swr";
import { fetchTeams, TEAMS_KEY } from "./requests";

/** The signed-in user's teams (at most one); `enabled: false` asks nothing (nobody signed in). */
export function useTeams(enabled = true) {
  return useSWR(enabled ? TEAMS_KEY : null, fetchTeams);
}
