import { useEffect, useRef, useSyncExternalStore } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { ChartColor, ChartRule, ChartSpec } from "./types";

/**
 * Draws a `ChartSpec` with uPlot on a canvas that is hidden from assistive technology (the
 * figure around it carries the text alternative). Loaded only through `LazyUPlotChart`, so uPlot
 * reaches a reader only on the pages that draw a chart. The width follows the container
 * (ResizeObserver); the colours are Mantine's CSS variables, read again whenever the colour
 * scheme changes, so the chart matches light and dark alike.
 */
export default function UPlotChart({ spec }: { spec: ChartSpec }) {
  const container = useRef<HTMLDivElement>(null);
  const scheme = useColorScheme();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scheme changes the CSS variables the effect reads
  useEffect(() => {
    const element = container.current;
    if (!element || !canDraw()) return;
    const width = Math.max(element.clientWidth, 200);
    const plot = new uPlot(options(spec, width, palette(element)), data(spec), element);
    plot.root.setAttribute("aria-hidden", "true");
    for (const canvas of plot.root.querySelectorAll("canvas")) {
      canvas.setAttribute("aria-hidden", "true");
    }
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.contentRect.width ?? 0);
      if (next > 0 && next !== plot.width) {
        plot.setSize({ width: next, height: spec.height ?? DEFAULT_HEIGHT });
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [spec, scheme]);

  return <div ref={container} className="tandem-chart" aria-hidden="true" />;
}

/** A browser without a 2D canvas (or a test DOM) gets the figure's text alone, and no error. */
function canDraw(): boolean {
  return (
    typeof Path2D !== "undefined" && document.createElement("canvas").getContext("2d") !== null
  );
}

const DEFAULT_HEIGHT = 220;
const HOUR = 3600;
/** Time ticks a minute apart at the least: submissions seconds apart gave ":00.250" labels. */
const TIME_STEPS = [
  60,
  300,
  600,
  900,
  1800,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
  48 * HOUR,
  7 * 24 * HOUR,
  14 * 24 * HOUR,
  28 * 24 * HOUR,
];
const SCHEME_ATTRIBUTE = "data-mantine-color-scheme";

/**
 * The scheme Mantine has applied (it sets this attribute on <html>, "auto" resolved to light or
 * dark). Watched directly rather than through Mantine's hooks: importing those here moved
 * Mantine's context into a chunk of its own and grew the landing page's first load.
 */
function useColorScheme(): string | null {
  return useSyncExternalStore(
    (changed) => {
      const observer = new MutationObserver(changed);
      observer.observe(document.documentElement, {
        attributes: true,
        attributeFilter: [SCHEME_ATTRIBUTE],
      });
      return () => observer.disconnect();
    },
    () => document.documentElement.getAttribute(SCHEME_ATTRIBUTE),
    () => null,
  );
}

interface Palette {
  text: string;
  dimmed: string;
  grid: string;
  font: string;
  color(name: ChartColor): string;
}

function palette(element: HTMLElement): Palette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const family = read("--mantine-font-family", "sans-serif");
  return {
    text: read("--mantine-color-text", "#000"),
    dimmed: read("--mantine-color-dimmed", "#666"),
    grid: read("--mantine-color-default-border", "#ddd"),
    font: `12px ${family}`,
    color: (name) => read(`--mantine-color-${name}-filled`, "#228be6"),
  };
}

function data(spec: ChartSpec): uPlot.AlignedData {
  // A bar of 0 is left out: drawn, it is a stray line along the axis.
  return [
    spec.x,
    ...spec.series.map((series) =>
      series.kind === "bars"
        ? series.values.map((value) => (value === 0 ? null : value))
        : series.values,
    ),
  ];
}

/** A colour with an alpha, for the bars' fill (the variables are hex or rgb()). */
function translucent(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex) {
    const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  return color;
}

function yRange(spec: ChartSpec): uPlot.Range.Function {
  return (_plot, min, max) => {
    const ruled = (spec.rules ?? []).filter((rule) => rule.axis === "y").map((r) => r.value);
    let low = Math.min(min ?? 0, ...ruled);
    let high = Math.max(max ?? 1, ...ruled);
    if (spec.yFromZero) low = Math.min(0, low);
    if (low === high) {
      low -= Math.abs(low) * 0.1 || 1;
      high += Math.abs(high) * 0.1 || 1;
    }
    const pad = (high - low) * 0.08;
    return [spec.yFromZero ? low : low - pad, high + pad];
  };
}

function drawRules(rules: readonly ChartRule[], colors: Palette) {
  return (plot: uPlot) => {
    const { ctx, bbox } = plot;
    const ratio = uPlot.pxRatio;
    ctx.save();
    ctx.setLineDash([6 * ratio, 4 * ratio]);
    ctx.lineWidth = 2 * ratio;
    ctx.font = colors.font.replace(/^\d+px/, `${12 * ratio}px`);
    rules.forEach((rule, index) => {
      const color = colors.color(rule.color);
      ctx.strokeStyle = color;
      ctx.fillStyle = colors.text;
      ctx.beginPath();
      if (rule.axis === "y") {
        const y = Math.round(plot.valToPos(rule.value, "y", true));
        ctx.moveTo(bbox.left, y);
        ctx.lineTo(bbox.left + bbox.width, y);
        ctx.stroke();
        ctx.textAlign = "right";
        ctx.fillText(rule.label, bbox.left + bbox.width - 4 * ratio, y - 5 * ratio);
      } else {
        const x = Math.round(plot.valToPos(rule.value, "x", true));
        ctx.moveTo(x, bbox.top);
        ctx.lineTo(x, bbox.top + bbox.height);
        ctx.stroke();
        const right = x > bbox.left + bbox.width / 2;
        ctx.textAlign = right ? "right" : "left";
        // One line each, so the labels of two lines close together do not overprint.
        ctx.fillText(
          rule.label,
          x + (right ? -5 : 5) * ratio,
          bbox.top + (14 + 16 * index) * ratio,
        );
      }
    });
    ctx.restore();
  };
}

function options(spec: ChartSpec, width: number, colors: Palette): uPlot.Options {
  const axis = (label: string | undefined, format?: (value: number) => string): uPlot.Axis => ({
    stroke: colors.dimmed,
    font: colors.font,
    labelFont: colors.font,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1 },
    ...(label ? { label, labelSize: 20 } : {}),
    ...(format ? { values: (_plot, ticks) => ticks.map((tick) => format(tick)) } : {}),
  });
  const bars = uPlot.paths.bars?.({
    size: [spec.barWidth ?? 0.8, Number.POSITIVE_INFINITY],
    align: 0,
  });
  return {
    width,
    height: spec.height ?? DEFAULT_HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: {
        time: spec.xKind === "time",
        ...(spec.xRange ? { range: () => spec.xRange as [number, number] } : {}),
      },
      y: { range: yRange(spec) },
    },
    axes: [
      spec.xKind === "time"
        ? { ...axis(spec.xLabel, spec.formatX), space: 70, incrs: TIME_STEPS }
        : { ...axis(spec.xLabel, spec.formatX), space: 50 },
      { ...axis(spec.yLabel, spec.formatY), size: 56 },
    ],
    series: [
      {},
      ...spec.series.map((series): uPlot.Series => {
        const color = colors.color(series.color);
        return series.kind === "bars"
          ? {
              label: series.label,
              stroke: color,
              fill: translucent(color, 0.55),
              width: 1,
              paths: bars,
              points: { show: false },
            }
          : {
              label: series.label,
              stroke: color,
              width: 2,
              spanGaps: true,
              points: { show: true, size: 7, fill: color, stroke: color },
            };
      }),
    ],
    hooks: spec.rules?.length ? { draw: [drawRules(spec.rules, colors)] } : {},
  };
}
