import { Button, Group, Text } from "@mantine/core";
import type { CursorPages } from "./useCursorPages";

export interface PagerProps {
  label: string;
  pages: CursorPages;
  nextCursor: string | null | undefined;
  busy: boolean;
  /** A list that runs newest first pages to "Newer" and "Older". */
  newestFirst?: boolean;
}

/** "Previous" and "Next" for a cursor-paged list, hidden when everything fits on one page. */
export function Pager({ label, pages, nextCursor, busy, newestFirst = false }: PagerProps) {
  const [previousLabel, nextLabel] = newestFirst ? ["Newer", "Older"] : ["Previous", "Next"];
  if (pages.page === 1 && !nextCursor) return null;
  return (
    <Group justify="space-between" component="nav" aria-label={label}>
      <Button
        variant="default"
        size="xs"
        disabled={pages.page === 1 || busy}
        onClick={pages.previous}
      >
        {previousLabel}
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        Page {pages.page}
      </Text>
      <Button
        variant="default"
        size="xs"
        disabled={!nextCursor || busy}
        onClick={() => {
          if (nextCursor) pages.next(nextCursor);
        }}
      >
        {nextLabel}
      </Button>
    </Group>
  );
}
