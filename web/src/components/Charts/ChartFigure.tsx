import { Box, Group, Stack, Table, Text } from "@mantine/core";
import { Component, type ReactNode, Suspense, useId } from "react";
import { CellRows } from "../CellRows";
import { ColumnHeads } from "../ColumnHeads";
import classes from "./Charts.module.css";
import { LazyUPlotChart } from "./lazy";
import type { ChartSpec } from "./types";

export interface ChartTable {
  /** The table's accessible name ("Public scores of C1: …"). */
  caption: string;
  columns: string[];
  rows: ReactNode[][];
}

interface ChartFigureProps {
  /** What the chart shows, in a few words (the figure's caption). */
  title: ReactNode;
  /** One or two sentences saying what the chart says: the text alternative's first part. */
  summary: ReactNode;
  /** Every value drawn, as a table behind "Show the data" (the text alternative's second part). */
  table: ChartTable;
  spec: ChartSpec;
  /** Shown under the caption (a picker, a note); optional. */
  controls?: ReactNode;
}

/** A chart that failed to load or draw leaves its text alternative, which says the same. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A chart as a `<figure>`: the caption, a summary sentence, a legend, the canvas (hidden from
 * assistive technology, loaded lazily with uPlot) and the data as a table in a `<details>`, so a
 * reader who cannot see the canvas, or would rather read numbers, has all of it.
 */
export function ChartFigure({ title, summary, table, spec, controls }: ChartFigureProps) {
  const captionId = useId();
  const height = spec.height ?? 220;
  return (
    <figure className={classes.figure} aria-labelledby={captionId}>
      <Stack gap="xs">
        <figcaption id={captionId} className={classes.caption}>
          {title}
        </figcaption>
        {controls}
        <Text size="sm" className={classes.summary}>
          {summary}
        </Text>
        <Legend spec={spec} />
        <Box className={classes.canvas} style={{ minHeight: height }}>
          <ChartBoundary>
            <Suspense fallback={<div style={{ height }} aria-hidden="true" />}>
              <LazyUPlotChart spec={spec} />
            </Suspense>
          </ChartBoundary>
        </Box>
        <details className={classes.details}>
          <summary>Show the data</summary>
          <Table.ScrollContainer minWidth={0} type="native">
            <Table striped withTableBorder fz="sm" className={classes.table}>
              <caption className={classes.tableCaption}>{table.caption}</caption>
              <ColumnHeads columns={table.columns} />
              <CellRows rows={table.rows} />
            </Table>
          </Table.ScrollContainer>
        </details>
      </Stack>
    </figure>
  );
}

/** The series and reference lines, in words beside their colours (uPlot's own legend is off). */
function Legend({ spec }: { spec: ChartSpec }) {
  const items = [
    ...spec.series.map((series) => ({ label: series.label, color: series.color, dashed: false })),
    ...(spec.rules ?? []).map((rule) => ({ label: rule.label, color: rule.color, dashed: true })),
  ];
  if (items.length < 2) return null;
  return (
    <Group gap="md" aria-hidden="true" className={classes.legend}>
      {items.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap">
          <span
            className={classes.swatch}
            data-dashed={item.dashed || undefined}
            style={{ borderColor: `var(--mantine-color-${item.color}-filled)` }}
          />
          <Text span size="xs">
            {item.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
