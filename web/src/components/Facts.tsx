import { Text } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import classes from "./Facts.module.css";

interface FactsProps {
  children: ReactNode;
  /** The narrowest a column gets, in pixels. */
  column?: number;
  /** Values in bold, as the console shows them. */
  strong?: boolean;
}

/** Label-value pairs as a description list that wraps into columns. */
export function Facts({ children, column = 160, strong = false }: FactsProps) {
  return (
    <dl
      className={strong ? `${classes.facts} ${classes.strong}` : classes.facts}
      style={{ "--facts-column": `${column}px` } as CSSProperties}
    >
      {children}
    </dl>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm">
        {children}
      </Text>
    </div>
  );
}
