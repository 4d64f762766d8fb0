import { Skeleton, Stack, Table, type TableProps, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { ColumnHeads } from "../ColumnHeads";
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

interface CaptionedTableProps {
  /** The table's name: its caption (read out, not shown) and its scrolling region's name. */
  caption: string;
  /** Column headers, in order. */
  columns: readonly ReactNode[];
  /** The width under which the table scrolls sideways inside its frame. */
  minWidth: number;
  /** A newer page is on its way: the rows shown are the previous ones, dimmed. */
  busy: boolean;
  verticalSpacing: TableProps["verticalSpacing"];
  className: string | undefined;
  /** The rows. */
  children: ReactNode;
}

/** A striped table with its caption and headers in a `TableFrame`, dimmed while a page loads. */
export function CaptionedTable({
  caption,
  columns,
  minWidth,
  busy,
  verticalSpacing,
  className,
  children,
}: CaptionedTableProps) {
  return (
    <TableFrame minWidth={minWidth} label={caption}>
      <Table
        verticalSpacing={verticalSpacing}
        horizontalSpacing="sm"
        striped
        className={className}
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
        captionSide="top"
      >
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <ColumnHeads columns={columns} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableFrame>
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
