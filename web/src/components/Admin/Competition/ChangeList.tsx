import { Code, List, Text } from "@mantine/core";
import type { CompetitionChange } from "@tandem/competition";

/** What an edit changes, each with what follows from it (a rescore, a moved deadline). */
export function ChangeList({ changes }: { changes: readonly CompetitionChange[] }) {
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
