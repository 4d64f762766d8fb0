import type { Competition } from "@tandem/competition";
import { useMemo } from "react";
import { useCompetition } from "../../competition/CompetitionContext";
import { formatInZone } from "../../competition/timeZones";

/**
 * "Sat, Oct 18, 2025, 12:01 AM CDT to Sun, Oct 26, 2025, 11:59 PM CDT": the main phase, in the
 * competition's own time zone for everyone, as it is announced.
 */
export function competitionWindowText(competition: Competition): string {
  const { opensAt, closesAt } = competition.window;
  const zone = competition.definition.time_zone.id;
  return `${formatInZone(opensAt, zone)} to ${formatInZone(closesAt, zone)}`;
}

/** The window's text for the competition in force. */
export function useCompetitionWindowText(): string {
  const { competition } = useCompetition();
  return useMemo(() => competitionWindowText(competition), [competition]);
}
