import { Table } from "@mantine/core";
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
