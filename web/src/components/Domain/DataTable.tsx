import { Table } from "@mantine/core";
import { CellRows } from "../CellRows";
import { ColumnHeads } from "../ColumnHeads";
import { ScrollRegion } from "../Info/ScrollRegion";
import classes from "./Domain.module.css";

interface DataTableProps {
  header: readonly string[];
  rows: readonly (readonly string[])[];
  /** Names the table (and its scroll region) for screen readers. */
  label: string;
}

/** A small table of data rows that scrolls sideways on narrow screens. */
export function DataTable({ header, rows, label }: DataTableProps) {
  return (
    <ScrollRegion label={label}>
      <Table striped withTableBorder fz="sm" className={classes.table}>
        <ColumnHeads columns={header} />
        <CellRows rows={rows} />
      </Table>
    </ScrollRegion>
  );
}
