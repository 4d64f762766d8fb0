import { Stack, Text } from "@mantine/core";
import { useCompetition } from "../../competition/CompetitionContext";
import { ExternalLink } from "./ExternalLink";
import { webinarHasTakenPlace } from "./webinars";

/**
 * The competition's webinars: a meeting link while one is upcoming or running; once it has taken
 * place, when it was and the recording instead.
 */
export function WebinarList({ now = new Date() }: { now?: Date }) {
  const { competition } = useCompetition();
  const { recording } = competition.definition.resources;
  return (
    <Stack gap="sm">
      {competition.webinars.map((webinar) => (
        <div key={webinar.url}>
          <Text size="sm" fw={600}>
            {webinar.title}
          </Text>
          {webinarHasTakenPlace(webinar.startsAt, now) ? (
            <>
              <Text size="sm" c="dimmed">
                Took place on {webinar.when}
              </Text>
              <ExternalLink
                href={recording.url}
                aria-label={`${recording.label}: ${webinar.title}`}
              >
                {recording.label}
              </ExternalLink>
            </>
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
    </Stack>
  );
}
