import { Skeleton, Stack, Table } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./TableFrame.module.css";

interface TableFrameProps {
  /** Below this width the table scrolls sideways inside the frame. */
  minWidth: number;
  /** The table's name; the scrolling region is named after it. */
  label: string;
  /** The `Table`. */
  children: ReactNode;
}

/** A bordered frame in which a table wider than the screen scrolls sideways, the page never. */
export function TableFrame({ minWidth, label, children }: TableFrameProps) {
  return (
    <div className={classes.frame}>
      {/* Focusable so that a keyboard can scroll a table wider than the screen. */}
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={`${label}, scrolls sideways on narrow screens`}
        className={classes.scroller}
      >
        {children}
      </Table.ScrollContainer>
    </div>
  );
}

/** A table's placeholder while its first page loads. */
export function TableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap="xs" aria-hidden>
      <Skeleton height={40} />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={i} height={48} />
      ))}
    </Stack>
  );
}
