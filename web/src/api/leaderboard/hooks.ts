import useSWR, { type SWRConfiguration, useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import {
  domainLeaderboardKey,
  fetchDomainLeaderboard,
  fetchOverallLeaderboard,
  fetchRevealStatus,
  isLeaderboardKey,
  LEADERBOARD_REFRESH_MS,
  overallLeaderboardKey,
  REVEAL_KEY,
  revealRequest,
  type StandingsView,
} from "./requests";

const refreshing: SWRConfiguration = { refreshInterval: LEADERBOARD_REFRESH_MS };

/** The overall ranking (to whom `leaderboard_visibility` opens it), refreshed every 5 minutes. */
export function useOverallLeaderboard(view: StandingsView = "official") {
  return useSWR(overallLeaderboardKey(view), fetchOverallLeaderboard, refreshing);
}

/** One domain's ranking by slug or display name, refreshed every 5 minutes. */
export function useDomainLeaderboard(domain: string, view: StandingsView = "official") {
  return useSWR(domainLeaderboardKey(domain, view), fetchDomainLeaderboard, refreshing);
}

/** Whether the final standings are revealed, when and by whom (organizers only: others ask nothing). */
export function useRevealStatus(organizer = true) {
  return useSWR(organizer ? REVEAL_KEY : null, fetchRevealStatus, refreshing);
}

/**
 * Reveals the final standings. The answer is the new reveal status; every leaderboard is read
 * again, since the official standings have turned from public to final.
 */
export function useRevealStandings() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(REVEAL_KEY, () => revealRequest(), {
    populateCache: true,
    revalidate: false,
    onSuccess: () => void mutate(isLeaderboardKey),
  });
}
