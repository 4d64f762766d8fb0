import { Alert, Text } from "@mantine/core";
import type { Competition, CompetitionStatusView } from "@tandem/competition";
import { useCompetition } from "../../competition/CompetitionContext";

/** "Sunday, November 29, 2026, 11:59 PM CST": a moment in the competition's own time zone. */
function inZone(competition: Competition, iso: string | Date): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: competition.definition.time_zone.id,
    timeZoneName: "short",
  }).format(typeof iso === "string" ? new Date(iso) : iso);
}

/** What the clock means for a team now: the phase and when it ends, in words. */
export function clockText(competition: Competition, status: CompetitionStatusView): string {
  const ends = status.ends_at ? inZone(competition, status.ends_at) : null;
  const deadline = inZone(competition, competition.window.closesAt);
  switch (status.state) {
    case "open":
      return `${status.phase?.name ?? "The competition"} is open: submissions count until ${ends ?? deadline}.`;
    case "practice":
      return `${status.phase?.name ?? "Practice"} runs until ${ends}: its submissions are scored but do not count. Submission deadline: ${deadline}.`;
    case "registration":
      return `Submissions start counting on ${ends}. Submission deadline: ${deadline}.`;
    case "closed":
      return `The competition closed on ${deadline}: the standings are frozen until the organizers reveal the final results. Later submissions are practice.`;
    case "revealed":
    case "archived":
      return `The competition closed on ${deadline} and the final standings are revealed. Submissions are practice.`;
  }
}

/** The dashboard's line about the deadline, from the definition in force (ADR 0014). */
export function CompetitionClock() {
  const { competition, status } = useCompetition();
  return (
    <Alert
      variant="light"
      color={status.state === "open" ? "teal" : "gray"}
      title="Competition"
      data-testid="competition-clock"
    >
      <Text size="sm">{clockText(competition, status)}</Text>
    </Alert>
  );
}
