import { Card, Skeleton } from "@mantine/core";
import type { SubmissionsPerHour as Counts } from "@tandem/contracts";
import { useMemo } from "react";
import { useSubmissionsPerHour } from "../../../api/admin/stats/hooks";
import { ChartFigure } from "../../Charts/ChartFigure";
import { formatChartTime, formatCount, plural, readerTimeZone } from "../../Charts/format";
import type { ChartSpec } from "../../Charts/types";
import { LoadError } from "../../LoadError";

const HALF_HOUR = 1800;

function seconds(iso: string): number {
  return Date.parse(iso) / 1000;
}

export function perHourSpec(counts: Counts): ChartSpec {
  return {
    xKind: "time",
    // Each bar stands in the middle of its hour, so the hour ticks fall between bars.
    x: counts.hours.map((entry) => seconds(entry.hour) + HALF_HOUR),
    series: [
      {
        label: "Submissions",
        values: counts.hours.map((entry) => entry.submissions),
        color: "blue",
        kind: "bars",
      },
    ],
    xRange: [seconds(counts.from), seconds(counts.to)],
    yFromZero: true,
    formatY: formatCount,
    yLabel: "Submissions",
  };
}

export function perHourSummary(counts: Counts): string {
  const hours = counts.hours.length;
  let text = `${plural(counts.total, "submission")} in the last ${plural(hours, "hour")}, since ${formatChartTime(counts.from)} (your time zone, ${readerTimeZone()}).`;
  if (counts.total > 0) {
    const busiest = counts.hours.reduce((top, entry) =>
      entry.submissions > top.submissions ? entry : top,
    );
    const latest = counts.hours.at(-1)!;
    text += ` The busiest hour began at ${formatChartTime(busiest.hour)} with ${plural(busiest.submissions, "submission")}; this hour so far: ${latest.submissions}.`;
  }
  return text;
}

/** The console overview's bar chart of submissions per hour (issue 33). */
export function SubmissionsPerHour() {
  const { data, error, mutate } = useSubmissionsPerHour();
  const spec = useMemo(() => (data ? perHourSpec(data) : null), [data]);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Submissions per hour">
      {error && !data && (
        <LoadError
          title="Submissions per hour could not be loaded"
          error={error}
          onRetry={() => mutate()}
        />
      )}
      {!data && !error && <Skeleton height={280} radius="md" />}
      {data && spec && (
        <ChartFigure
          title="Submissions per hour"
          summary={perHourSummary(data)}
          spec={spec}
          table={{
            caption: `Submissions per hour, oldest first, in your time zone (${readerTimeZone()})`,
            columns: ["Hour beginning", "Submissions"],
            rows: data.hours.map((entry) => [
              <time key="hour" dateTime={entry.hour}>
                {formatChartTime(entry.hour)}
              </time>,
              entry.submissions,
            ]),
          }}
        />
      )}
    </Card>
  );
}
