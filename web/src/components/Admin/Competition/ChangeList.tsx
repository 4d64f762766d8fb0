import { Code, List, Text } from "@mantine/core";
import type { CompetitionChange } from "@tandem/competition";

/**
 * What an edit changes, each with what follows from it (a rescore, a moved deadline).
 * `local(path)` may say the new value as the organizer reads it (a date in the competition's
 * zone: the server's summaries give moments in UTC).
 */
export function ChangeList({
  changes,
  local = () => null,
}: {
  changes: readonly CompetitionChange[];
  local?: (path: string) => string | null;
}) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing that the pages or the scoring read changes.
      </Text>
    );
  }
  return (
    <List size="sm" spacing="xs" aria-label="Changes">
      {changes.map((change) => (
        <List.Item key={`${change.path}:${change.summary}`}>
          <Text span size="sm" fw={600}>
            {change.summary}
          </Text>{" "}
          <Code>{change.path}</Code>
          {local(change.path) && (
            <Text size="sm" c="dimmed">
              {local(change.path)}
            </Text>
          )}
          {change.consequence && (
            <Text size="sm" c="dimmed">
              Consequence: {change.consequence}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}
