import { Stack } from "@mantine/core";
import { DeadlineClock } from "../Clock/DeadlineClock";
import { PausedNotice } from "../Submit/PausedNotice";

/**
 * The dashboard's line about the deadline, in the participant's time zone, from the definition
 * in force (ADR 0014, issue 33), and the organizers' pause when there is one.
 */
export function CompetitionClock() {
  return (
    <Stack gap="sm" data-testid="competition-clock">
      <DeadlineClock />
      <PausedNotice />
    </Stack>
  );
}
