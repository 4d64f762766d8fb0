import { Paper, Text } from "@mantine/core";

/** Said in place of a leaderboard's table while it has no row. */
export function NoRows({ message, padding }: { message: string; padding: "lg" | "xl" }) {
  return (
    <Paper withBorder radius="md" p={padding}>
      <Text ta="center" c="dimmed">
        {message}
      </Text>
    </Paper>
  );
}
