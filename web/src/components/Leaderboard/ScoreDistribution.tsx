import { NativeSelect, Paper, Stack } from "@mantine/core";
import { useMemo, useState } from "react";
import type { ChallengeColumn, DomainLeaderboard } from "../../api/leaderboard/requests";
import { ChartFigure } from "../Charts/ChartFigure";
import { formatCount, plural } from "../Charts/format";
import { type Histogram, histogram } from "../Charts/histogram";
import type { ChartRule, ChartSpec } from "../Charts/types";
import { formatScore } from "./format";

interface Distribution {
  column: ChallengeColumn;
  values: number[];
  baseline: number | null;
  own: number | null;
  bins: Histogram;
}

/** The metric values of one challenge in the standings shown, with the baseline's and the reader's. */
export function distributionOf(
  data: DomainLeaderboard,
  column: ChallengeColumn,
  ownTeamId: string | null,
): Distribution {
  // The same rows as the table: teams with a counted submission in the domain.
  const rows = data.leaderboard.filter((row) => row.valid_submissions > 0);
  const values: number[] = [];
  let own: number | null = null;
  for (const row of rows) {
    const value = row.challenges[column.key]?.metric_value;
    if (value === null || value === undefined) continue;
    values.push(value);
    if (row.team_id === ownTeamId) own = value;
  }
  const baseline = data.baseline.challenges[column.key]?.metric_value ?? column.baseline;
  const bins = histogram(values, { include: baseline === null ? [] : [baseline] });
  return { column, values, baseline, own, bins };
}

/** Bin edges to as many decimals as the bin width has (0.05: 2, 2.5: 1), 4 at most. */
export function edgeFormat(width: number): (value: number) => string {
  let digits = 0;
  while (digits < 4 && Math.abs(Math.round(width * 10 ** digits) - width * 10 ** digits) > 1e-9) {
    digits++;
  }
  return (value) => value.toFixed(digits);
}

function binLabel(bins: Histogram, index: number, format: (value: number) => string): string {
  const from = bins.start + index * bins.width;
  return `${format(from)} to ${format(from + bins.width)}`;
}

export function distributionSummary(d: Distribution): string {
  const { column, values } = d;
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const direction = column.higher_is_better ? "higher" : "lower";
  let text = `${plural(values.length, "team")} with a result on C${column.number} (${column.metric_name}, ${direction} is better), from ${formatScore(sorted[0]!)} to ${formatScore(sorted.at(-1)!)}; the median is ${formatScore(median)}.`;
  if (d.baseline !== null) {
    const beating = values.filter((value) =>
      column.higher_is_better ? value > d.baseline! : value < d.baseline!,
    ).length;
    text += ` The baseline's ${column.metric_name} is ${formatScore(d.baseline)}; ${plural(beating, "team")} beat it.`;
  }
  if (d.own !== null) text += ` Your team's is ${formatScore(d.own)}.`;
  return text;
}

function distributionSpec(d: Distribution): ChartSpec {
  const { bins } = d;
  const format = edgeFormat(bins.width);
  const rules: ChartRule[] = [];
  if (d.baseline !== null) {
    rules.push({
      axis: "x",
      value: d.baseline,
      label: `Baseline ${formatScore(d.baseline)}`,
      color: "orange",
    });
  }
  if (d.own !== null) rules.push({ axis: "x", value: d.own, label: "Your team", color: "teal" });
  return {
    xKind: "number",
    x: bins.counts.map((_, i) => bins.start + (i + 0.5) * bins.width),
    series: [{ label: "Teams", values: bins.counts, color: "blue", kind: "bars" }],
    rules,
    xRange: [bins.start, bins.start + bins.counts.length * bins.width],
    yFromZero: true,
    barWidth: 0.96,
    formatX: format,
    formatY: formatCount,
    xLabel: d.column.metric_name,
    yLabel: "Teams",
  };
}

/**
 * Under a domain leaderboard (issue 33): how the teams' results on one challenge spread, from
 * the body already loaded, so it shows exactly the standings the reader may see (the public
 * ones before the reveal).
 */
export function ScoreDistribution({
  data,
  ownTeamId = null,
}: {
  data: DomainLeaderboard;
  ownTeamId?: string | null;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const column = data.challenge_columns.find((c) => c.key === picked) ?? data.challenge_columns[0];
  const distribution = useMemo(
    () => (column ? distributionOf(data, column, ownTeamId) : null),
    [data, column, ownTeamId],
  );
  const spec = useMemo(
    () => (distribution ? distributionSpec(distribution) : null),
    [distribution],
  );
  if (!column || !distribution || !spec || distribution.values.length === 0) return null;
  const format = edgeFormat(distribution.bins.width);
  return (
    <Paper withBorder radius="md" p="md">
      <ChartFigure
        title={`Score distribution: C${column.number} ${column.title}`}
        controls={
          data.challenge_columns.length > 1 && (
            <Stack gap={0}>
              <NativeSelect
                label="Challenge"
                value={column.key}
                onChange={(event) => setPicked(event.currentTarget.value)}
                data={data.challenge_columns.map((c) => ({
                  value: c.key,
                  label: `C${c.number}: ${c.title}`,
                }))}
                maw={420}
              />
            </Stack>
          )
        }
        summary={distributionSummary(distribution)}
        spec={spec}
        table={{
          caption: `Teams by ${column.metric_name} on C${column.number}: ${column.title}`,
          columns: [column.metric_name, "Teams"],
          rows: distribution.bins.counts.map((count, i) => [
            binLabel(distribution.bins, i, format),
            count,
          ]),
        }}
      />
    </Paper>
  );
}
