import { useSearchParams } from "react-router";
import { useRevealStatus } from "../../api/leaderboard/hooks";
import type { StandingsView } from "../../api/leaderboard/requests";
import { useAuth } from "../../auth/AuthContext";

export const STANDINGS_PARAM = "standings";

/**
 * The standings an organizer chose to see, kept in the address (`?standings=private`) so a link
 * opens the same view. Once the final standings are revealed there is nothing left to preview:
 * the official standings are the final ones.
 */
export function useStandingsView() {
  const [params, setParams] = useSearchParams();
  // Participants see the official standings only, and never ask for the reveal's record.
  const organizer = useAuth().user?.admin_access === true;
  const reveal = useRevealStatus(organizer);
  const revealed = reveal.data?.revealed === true;
  const requested: StandingsView =
    organizer && params.get(STANDINGS_PARAM) === "private" ? "private" : "official";
  const view: StandingsView = revealed ? "official" : requested;

  const setView = (next: StandingsView) => {
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === "private") changed.set(STANDINGS_PARAM, "private");
        else changed.delete(STANDINGS_PARAM);
        return changed;
      },
      { preventScrollReset: true },
    );
  };

  return { view, setView, reveal };
}
export type StandingsViewState = ReturnType<typeof useStandingsView>;
