import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, userEvent, waitFor, within } from "../../../test-utils/render";
import { ChartFigure } from "./ChartFigure";
import { histogram } from "./histogram";
import type { ChartSpec } from "./types";

const SPEC: ChartSpec = {
  xKind: "number",
  x: [1, 2, 3],
  series: [{ label: "Teams", values: [2, 0, 5], color: "blue", kind: "bars" }],
  rules: [{ axis: "x", value: 2.2, label: "Baseline 2.2000", color: "orange" }],
};

// happy-dom has no 2D context nor Path2D: stand-ins that accept every call let uPlot run (kept
// for every test: uPlot may draw a frame after the test that rendered it has ended).
beforeEach(() => {
  const noop = () => undefined;
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) =>
      key in target ? target[key] : key === "measureText" ? () => ({ width: 8 }) : noop,
  });
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation((() => context) as never);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(480);
  vi.stubGlobal(
    "Path2D",
    class {
      moveTo = noop;
      lineTo = noop;
      rect = noop;
      arc = noop;
      closePath = noop;
      addPath = noop;
      bezierCurveTo = noop;
    },
  );
});

describe("ChartFigure", () => {
  it("is a figure named by its caption, with the summary and every value in a table", async () => {
    render(
      <ChartFigure
        title="Score distribution: C1 Fraud Detection"
        summary="7 teams with a result on C1."
        spec={SPEC}
        table={{
          caption: "Teams by F1",
          columns: ["F1", "Teams"],
          rows: [
            ["0.5 to 1.5", 2],
            ["1.5 to 2.5", 0],
            ["2.5 to 3.5", 5],
          ],
        }}
      />,
    );
    const figure = screen.getByRole("figure", { name: "Score distribution: C1 Fraud Detection" });
    expect(figure).toHaveTextContent("7 teams with a result on C1.");
    // The legend names the series and the reference line beside their colours.
    expect(figure).toHaveTextContent("Baseline 2.2000");
    await userEvent.click(within(figure).getByText("Show the data"));
    const table = within(figure).getByRole("table", { name: "Teams by F1" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual(["F1Teams", "0.5 to 1.52", "1.5 to 2.50", "2.5 to 3.55"]);
  });

  it("draws on a canvas hidden from assistive technology, as wide as its container", async () => {
    {
      const { container } = render(
        <ChartFigure
          title="Chart"
          summary="Summary."
          spec={SPEC}
          table={{ caption: "Data", columns: ["x"], rows: [["1"]] }}
        />,
      );
      await waitFor(() => expect(container.querySelector("canvas")).not.toBeNull());
      const canvas = container.querySelector("canvas")!;
      expect(canvas.getAttribute("aria-hidden")).toBe("true");
      expect(canvas.closest(".uplot")?.getAttribute("aria-hidden")).toBe("true");
      // uPlot sizes the canvas in device pixels from the container's width.
      expect(canvas.width).toBe(480 * window.devicePixelRatio);
      expect(screen.getByRole("figure", { name: "Chart" })).toHaveTextContent("Summary.");
    }
  });
});

describe("histogram", () => {
  it("bins into round widths, the highest value closing the last bin", () => {
    const bins = histogram([0.34, 0.36, 0.41, 0.44, 0.45, 1]);
    expect(bins.width).toBe(0.25);
    expect(bins.start).toBe(0.25);
    expect(bins.counts).toEqual([5, 0, 1]);
    expect(bins.counts.reduce((a, b) => a + b)).toBe(6);
  });

  it("covers the values to include (the baseline) without counting them", () => {
    const bins = histogram([0.8, 0.82, 0.85], { include: [0.5] });
    expect(bins.start).toBeLessThanOrEqual(0.5);
    expect(bins.start + bins.counts.length * bins.width).toBeGreaterThanOrEqual(0.85);
    expect(bins.counts.reduce((a, b) => a + b)).toBe(3);
  });

  it("puts equal values in one bin", () => {
    const bins = histogram([0.7, 0.7, 0.7]);
    expect(bins.counts).toEqual([3]);
  });
});

/** Every source file of the web app, relative to web/src. */
function sources(dir: string, root = dir): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full, root);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return [];
    return [{ path: relative(root, full), text: readFileSync(full, "utf8") }];
  });
}

describe("uPlot stays out of the pages' own chunks", () => {
  const src = join(import.meta.dirname, "..", "..");
  const files = sources(src);

  it("is imported by the chart module only", () => {
    const importers = files.filter(
      (file) => /from "uplot/.test(file.text) || /import "uplot/.test(file.text),
    );
    expect(importers.map((file) => file.path)).toEqual(["components/Charts/UPlotChart.tsx"]);
  });

  it("reaches the chart module and the chart sections through dynamic imports only", () => {
    const chartModules =
      /(UPlotChart|ScoreOverTime|ScoreDistribution|SubmissionsPerHour|ChartFigure)"/;
    const staticImports = files.flatMap((file) =>
      [...file.text.matchAll(/^import[^;]*?from "([^"]+)";/gms)]
        .filter((match) => chartModules.test(`${match[1]}"`))
        .map((match) => `${file.path} → ${match[1]}`),
    );
    // The sections import ChartFigure statically: they are themselves loaded lazily.
    expect(staticImports.sort()).toEqual([
      "components/Admin/Overview/SubmissionsPerHour.tsx → ../../Charts/ChartFigure",
      "components/Leaderboard/ScoreDistribution.tsx → ../Charts/ChartFigure",
      "components/Submissions/ScoreOverTime.tsx → ../Charts/ChartFigure",
    ]);
    const dynamic = (file: string) =>
      [...(files.find((f) => f.path === file)?.text ?? "").matchAll(/import\("([^"]+)"\)/g)].map(
        (match) => match[1],
      );
    // Each page loads its section through lazyChart, which starts uPlot's chunk alongside.
    expect(dynamic("components/Submissions/MySubmissions.tsx")).toEqual(["./ScoreOverTime"]);
    expect(dynamic("components/Leaderboard/DomainLeaderboardView.tsx")).toEqual([
      "./ScoreDistribution",
    ]);
    expect(dynamic("components/Admin/Overview/Overview.tsx")).toEqual(["./SubmissionsPerHour"]);
    expect(dynamic("components/Charts/lazyChart.ts")).toEqual(["./UPlotChart"]);
    expect(dynamic("components/Charts/lazy.ts")).toEqual(["./UPlotChart"]);
  });
});
