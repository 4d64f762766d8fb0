import { Alert, Text } from "@mantine/core";
import { useMemo } from "react";
import { useCompetition } from "../../competition/CompetitionContext";
import { clockView, participantTimeZone } from "../../competition/participantClock";
import { useMinuteClock } from "../../competition/useMinuteClock";
import { useRenderedPage } from "../../pageData";

interface DeadlineClockProps {
  /** "alert": the dashboard's and domain pages' box with the phase as its title; "inline": a
   * dialog's line. */
  variant?: "alert" | "inline";
}

/**
 * The deadline and the time left in the participant's time zone, named, with the phase, from
 * the definition in force (issue 33). It reads the browser's zone and clock, except on a page
 * rendered per request (docs/adr/0027) until the browser has adopted it: there it shows the
 * moment the server rendered it in UTC, as the server did.
 */
export function DeadlineClock({ variant = "alert" }: DeadlineClockProps) {
  const { competition, status } = useCompetition();
  const rendered = useRenderedPage();
  const now = useMinuteClock();
  const zone = useMemo(participantTimeZone, []);
  const view = rendered
    ? clockView(competition, status.revealed, rendered.renderedAt, "UTC")
    : clockView(competition, status.revealed, now, zone);
  if (variant === "inline") {
    return (
      <Text size="sm" data-testid="deadline-clock">
        <strong>{view.title}.</strong> {view.deadline}
        {view.detail && ` ${view.detail}`}
      </Text>
    );
  }
  return (
    <Alert
      variant="light"
      color={view.state === "open" ? "teal" : "gray"}
      title={view.title}
      data-testid="deadline-clock"
    >
      <Text size="sm">{view.deadline}</Text>
      {view.detail && (
        <Text size="sm" mt={4}>
          {view.detail}
        </Text>
      )}
    </Alert>
  );
}
