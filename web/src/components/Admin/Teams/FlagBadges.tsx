import { Badge, Group, Text } from "@mantine/core";
import type { AdminTeamFlag } from "@tandem/contracts";

/** A team's flags in the list: one badge per kind, with how many when more than one. */
export function FlagBadges({ flags }: { flags: readonly AdminTeamFlag[] }) {
  if (flags.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  const people = flags.filter((flag) => flag.kind === "duplicate_participant").length;
  const files = flags.length - people;
  const count = (n: number) => (n > 1 ? ` (${n})` : "");
  return (
    <Group gap={4} wrap="nowrap">
      {people > 0 && (
        <Badge color="orange" variant="light" tt="none" style={{ flex: "none" }}>
          Same person?{count(people)}
        </Badge>
      )}
      {files > 0 && (
        <Badge color="grape" variant="light" tt="none" style={{ flex: "none" }}>
          Same predictions{count(files)}
        </Badge>
      )}
    </Group>
  );
}
