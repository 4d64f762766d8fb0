import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { LoadError } from "../LoadError";
import { CaptionedTable, TableSkeleton } from "../TableFrame/TableFrame";
import classes from "./Admin.module.css";
import { Pager, type PagerProps } from "./Pager";

export interface DataTableProps {
  caption: string;
  /** Column headers, in order. */
  columns: readonly ReactNode[];
  /** The width under which the table scrolls sideways inside its frame. */
  minWidth: number;
  /** A newer page is on its way: the rows shown are the previous ones. */
  busy?: boolean;
  children: ReactNode;
}

/** A console list as a captioned table that scrolls inside its frame on a phone. */
export function DataTable({ busy = false, ...table }: DataTableProps) {
  return <CaptionedTable {...table} busy={busy} verticalSpacing="xs" className={classes.table} />;
}

/** A row's first cell: who or what the row is, in bold, over a small note (dimmed by default). */
export function NameCell({
  name,
  note,
  noteColor = "dimmed",
}: {
  name: ReactNode;
  note?: ReactNode;
  noteColor?: string;
}) {
  return (
    <Table.Td className={classes.wrapAnywhere}>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      {note !== undefined && (
        <Text size="xs" c={noteColor}>
          {note}
        </Text>
      )}
    </Table.Td>
  );
}

/** What a console list needs of its SWR read. */
export interface ListRead {
  data: unknown;
  error: unknown;
  isLoading: boolean;
  mutate: () => unknown;
}

/** A newer page is on its way: the rows shown are the previous ones (`keepPreviousData`). */
export const isPaging = ({ isLoading, data }: ListRead): boolean => isLoading && data !== undefined;

interface ListFrameProps {
  read: ListRead;
  /** How many rows the answer holds. */
  count: number;
  /** The load error's title ("The users could not be loaded"). */
  failed: string;
  /** What an answer without rows says; nothing when left out. */
  empty?: ReactNode;
  skeletonRows?: number;
  /** Draws the rows as a `DataTable` with these headers; without it, `children` as they are. */
  table?: Omit<DataTableProps, "busy" | "children">;
  /** A cursor-paged list's pager, under the rows. */
  pager?: Omit<PagerProps, "busy">;
  /** The rows, drawn while there are any. */
  children: ReactNode;
}

/**
 * A console list's states in one place: the load error with a retry, the skeleton on the first
 * load, the empty answer, the rows (dimmed while the next page loads) and the pager.
 */
export function ListFrame({
  read,
  count,
  failed,
  empty,
  skeletonRows = 5,
  table,
  pager,
  children,
}: ListFrameProps) {
  const busy = isPaging(read);
  const loaded = read.data !== undefined;
  return (
    <>
      {Boolean(read.error) && !loaded && (
        <LoadError title={failed} error={read.error} onRetry={() => read.mutate()} />
      )}
      {read.isLoading && !loaded && <TableSkeleton rows={skeletonRows} />}
      {loaded && count === 0 && !busy && empty !== undefined && <Text c="dimmed">{empty}</Text>}
      {count > 0 &&
        (table ? (
          <DataTable {...table} busy={busy}>
            {children}
          </DataTable>
        ) : (
          children
        ))}
      {pager && <Pager {...pager} busy={busy} />}
    </>
  );
}
