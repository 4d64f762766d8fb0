import { Table } from "@mantine/core";
import type { ReactNode } from "react";

/** A table's head: one column header per entry, in order. */
export function ColumnHeads({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the columns are positional and may repeat a name
          <Table.Th key={i} scope="col">
            {column}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
