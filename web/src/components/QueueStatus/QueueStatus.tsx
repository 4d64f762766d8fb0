import { Badge, Group, Paper, Skeleton, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useQueueStatus } from "../../api/status/hooks";
import { describeQueue } from "./queueText";

interface QueueStatusProps {
  /** `when-busy` (participants): only while the queue is long; `always`: the organizers' console. */
  show?: "when-busy" | "always";
  /** The panel's heading level, under the page's own headings. */
  headingOrder?: 2 | 3 | 4;
}

/**
 * The scoring queue in one sentence: how many wait, the oldest wait, the estimate and the
 * recent rate. Participants see it only when the queue is busy (a failed read shows nothing:
 * it is a courtesy, not something to act on); the console always shows it.
 */
export function QueueStatus({ show = "when-busy", headingOrder = 3 }: QueueStatusProps) {
  const { data, error } = useQueueStatus();
  const headingId = useId();
  const always = show === "always";
  if (!always && !data?.queue.busy) return null;
  const busy = data?.queue.busy ?? false;

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="sm"
      bg={busy ? "var(--mantine-color-yellow-light)" : undefined}
    >
      <Group justify="space-between" gap="xs" mb={4}>
        <Title order={headingOrder} size="h5" id={headingId}>
          {always ? "Scoring queue status" : "The scoring queue is busy"}
        </Title>
        {always && data && (
          <Badge variant="light" color={busy ? "yellow" : "teal"}>
            {busy ? "Busy" : "Normal"}
          </Badge>
        )}
      </Group>
      {/* Polite live region: a new reading is announced without taking the focus. */}
      <Text size="sm" role="status">
        {data
          ? describeQueue(data.queue)
          : error
            ? "The queue status could not be read; it is tried again shortly."
            : null}
      </Text>
      {!data && !error && <Skeleton height={14} radius="sm" aria-hidden />}
      {!always && (
        <Text size="xs" c="dimmed" mt={4}>
          A submission sent now keeps its place in the queue and is scored in turn.
        </Text>
      )}
    </Paper>
  );
}
