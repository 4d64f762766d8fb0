import { Table, useMatches } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./Leaderboard.module.css";

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
        <Table aria-label={label} verticalSpacing="sm" horizontalSpacing={spacing} tabularNums>
          {children}
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
