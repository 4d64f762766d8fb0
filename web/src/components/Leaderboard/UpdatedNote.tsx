import { Anchor, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useRenderedPage } from "../../pageData";
import { formatUpdatedAt } from "./format";

interface UpdatedNoteProps {
  updatedAt: string;
  refreshing: boolean;
  onRefresh: () => void;
  /** Shown at the other end of the line. */
  extra?: ReactNode;
}

/**
 * When the ranking was computed, and that it refreshes itself every 5 minutes
 * (docs/product.md#leaderboards).
 */
export function UpdatedNote({ updatedAt, refreshing, onRefresh, extra }: UpdatedNoteProps) {
  // A page rendered per request refreshes nothing until the app has adopted it (docs/adr/0028).
  const rendered = useRenderedPage();
  const busy = refreshing && rendered === null;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="xs" c="dimmed">
        Ranking as of{" "}
        <time dateTime={updatedAt}>{formatUpdatedAt(updatedAt, rendered !== null)}</time>. Refreshes
        every 5 minutes.{" "}
        <Anchor
          component="button"
          type="button"
          size="xs"
          fw={600}
          onClick={onRefresh}
          disabled={busy}
        >
          {busy ? "Refreshing…" : "Refresh now"}
        </Anchor>
      </Text>
      {extra}
    </Group>
  );
}
