import { Stack, Text } from "@mantine/core";
import { useCompetition } from "../../competition/CompetitionContext";
import { ExternalLink } from "./ExternalLink";
import { webinarHasTakenPlace } from "./webinars";

/**
 * The competition's webinars: a meeting link while one is to come or running; once it has taken
 * place, when that was, and the recording after the list (the definition has one recording, not
 * one per webinar, so it is not put under each).
 */
export function WebinarList({ now = new Date() }: { now?: Date }) {
  const { competition } = useCompetition();
  const { recording } = competition.definition.resources;
  const past = competition.webinars.filter((w) => webinarHasTakenPlace(w.startsAt, now));
  return (
    <Stack gap="sm">
      {competition.webinars.map((webinar) => (
        <div key={webinar.url}>
          <Text size="sm" fw={600}>
            {webinar.title}
          </Text>
          {past.includes(webinar) ? (
            <Text size="sm" c="dimmed">
              Took place on {webinar.when}
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {webinar.when}
              </Text>
              <ExternalLink href={webinar.url} aria-label={`Join meeting: ${webinar.title}`}>
                Join meeting
              </ExternalLink>
            </>
          )}
        </div>
      ))}
      {past.length > 0 && (
        <div>
          <ExternalLink href={recording.url}>{recording.label}</ExternalLink>
        </div>
      )}
    </Stack>
  );
}
