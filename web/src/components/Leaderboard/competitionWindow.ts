import type { Competition } from "@tandem/competition";
import { useMemo } from "react";
import { useCompetition } from "../../competition/CompetitionContext";

/**
 * "Sat, Oct 18, 2025, 12:01 AM CDT to Sun, Oct 26, 2025, 11:59 PM CDT": the main phase, in the
 * competition's own time zone for everyone, as it is announced.
 */
export function competitionWindowText(competition: Competition): string {
  const format = new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: competition.definition.time_zone.id,
    timeZoneName: "short",
  });
  const { opensAt, closesAt } = competition.window;
  return `${format.format(opensAt)} to ${format.format(closesAt)}`;
}

/** The window's text for the competition in force. */
export function useCompetitionWindowText(): string {
  const { competition } = useCompetition();
  return useMemo(() => competitionWindowText(competition), [competition]);
}
