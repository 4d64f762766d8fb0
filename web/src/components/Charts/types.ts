/**
 * What a chart draws, as plain data: the pages build it, `UPlotChart` (loaded lazily with
 * uPlot) turns it into uPlot's options. Nothing here imports uPlot, so the pages that host a
 * chart do not carry it in their own chunk.
 */

/** Mantine palette names; the chart reads `--mantine-color-{name}-filled`, so both schemes work. */
export type ChartColor = "blue" | "orange" | "teal" | "gray" | "grape";

export interface ChartSeries {
  label: string;
  /** One per `x`; null where the series has no value. */
  values: (number | null)[];
  color: ChartColor;
  /** `line`: points joined by a line; `bars`: one bar per x. */
  kind: "line" | "bars";
}

/** A reference line across the plot (a baseline), dashed and labelled on the canvas. */
export interface ChartRule {
  /** `y`: a horizontal line at `value`; `x`: a vertical one. */
  axis: "x" | "y";
  value: number;
  label: string;
  color: ChartColor;
}

export interface ChartSpec {
  /** `time`: unix seconds, drawn in the reader's time zone; `number`: plain values. */
  xKind: "time" | "number";
  x: number[];
  series: ChartSeries[];
  rules?: ChartRule[];
  /** The x range drawn; by default the data's (bars are given half a step on each side). */
  xRange?: [number, number];
  /** The y range always includes 0 (counts) or just the data and the rules (scores). */
  yFromZero?: boolean;
  /** Tick labels of the axes. */
  formatX?: (value: number) => string;
  formatY?: (value: number) => string;
  xLabel?: string;
  yLabel?: string;
  /** Bars: the share of each step a bar fills (0.8 by default; a histogram's bins touch). */
  barWidth?: number;
  /** CSS pixels; the width follows the container. */
  height?: number;
}
