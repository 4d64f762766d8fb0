import { Table, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { TableFrame } from "../TableFrame/TableFrame";
import classes from "./Admin.module.css";

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
export function DataTable({ caption, columns, minWidth, busy = false, children }: DataTableProps) {
  return (
    <TableFrame minWidth={minWidth} label={caption}>
      <Table
        verticalSpacing="xs"
        horizontalSpacing="sm"
        striped
        className={classes.table}
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
        captionSide="top"
      >
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns never reorder
              <Table.Th key={i} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableFrame>
  );
}
