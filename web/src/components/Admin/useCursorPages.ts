import { useState } from "react";

/**
 * Server-side paging by keyset cursors: the cursors of the pages before the one shown are kept,
 * so "Newer" goes back without the server's help. `reset` returns to the first page (after a
 * filter changes); so does a new `restartOn` (the debounced search or filters), seen as it renders.
 */
export function useCursorPages(restartOn?: unknown) {
  const [cursors, setCursors] = useState<readonly string[]>([]);
  const [lastRestartOn, setLastRestartOn] = useState(restartOn);
  if (lastRestartOn !== restartOn) {
    setLastRestartOn(restartOn);
    setCursors([]);
  }
  return {
    cursor: cursors.at(-1),
    page: cursors.length + 1,
    next: (cursor: string) => setCursors((stack) => [...stack, cursor]),
    previous: () => setCursors((stack) => stack.slice(0, -1)),
    reset: () => setCursors([]),
  };
}

export type CursorPages = ReturnType<typeof useCursorPages>;
