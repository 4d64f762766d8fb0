import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./Admin.module.css";

/** Label-value pairs as a description list that wraps into columns. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className={classes.facts}>{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={600}>
        {children}
      </Text>
    </div>
  );
}
