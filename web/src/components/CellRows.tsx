import { Table } from "@mantine/core";
import type { ReactNode } from "react";

/** A table's body of plain cells: one row per entry, one cell per value, in order. */
export function CellRows({ rows }: { rows: readonly (readonly ReactNode[])[] }) {
  return (
    <Table.Tbody>
      {rows.map((row, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positional and have no id
        <Table.Tr key={r}>
          {row.map((cell, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the cells are the columns, in order
            <Table.Td key={c}>{cell}</Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}
