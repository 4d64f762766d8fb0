import { Table, useMatches } from "@mantine/core";
import type { ReactNode } from "react";
import { TableFrame } from "../TableFrame/TableFrame";

interface LeaderboardFrameProps {
  /** Below this width the table scrolls sideways inside the frame. */
  minWidth: number;
  label: string;
  children: ReactNode;
}

/** A bordered, horizontally scrolling frame around one leaderboard table. */
export function LeaderboardFrame({ minWidth, label, children }: LeaderboardFrameProps) {
  // Tighter cells on a phone leave more of the table in view before it has to scroll.
  const spacing = useMatches({ base: "xs", sm: "md" });
  return (
    <TableFrame minWidth={minWidth} label={label}>
      <Table aria-label={label} verticalSpacing="sm" horizontalSpacing={spacing} tabularNums>
        {children}
      </Table>
    </TableFrame>
  );
}
