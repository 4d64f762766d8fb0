import { NativeSelect, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { HISTORY_PAGE_MAX } from "@tandem/contracts";
import { useId, useMemo, useState } from "react";
import { useEverySubmission, useSubmissionSummary } from "../../api/submissions/hooks";
import type { ChallengeSummary, SubmissionHistoryItem } from "../../api/submissions/requests";
import { ChartFigure } from "../Charts/ChartFigure";
import { formatChartTime, plural, readerTimeZone } from "../Charts/format";
import type { ChartSpec } from "../Charts/types";
import { LoadError } from "../LoadError";
import { formatScore } from "./format";

export const SCORE_CHART_MESSAGES = {
  title: "Score over time",
  intro: "Your team's public scores on one challenge, oldest first, with the challenge's baseline.",
  picker: "Challenge",
  loadFailed: "Failed to load the scores of this challenge",
  noScores: "No public score on this challenge yet: the chart appears with the first one.",
  revealed:
    "The final standings are revealed: your history shows final scores now, and this chart draws public scores only.",
  caption: (challenge: string) => `Public score over time: ${challenge}`,
};

/** A team's scored submission as the chart draws it: only public scores, never a final one. */
export interface ScorePoint {
  at: string;
  score: number;
}

/** The public scores the team was shown, oldest first (the history answers newest first). */
export function publicScores(items: readonly SubmissionHistoryItem[]): ScorePoint[] {
  return items
    .filter(
      (item) => item.status === "scored" && item.score !== null && item.score_kind === "public",
    )
    .map((item) => ({ at: item.created_at, score: item.score! }))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

function beats(score: number, baseline: number, higherIsBetter: boolean): boolean {
  return higherIsBetter ? score > baseline : score < baseline;
}

/** The text alternative's sentence: how many, first, best, latest, and the baseline. */
export function scoreSummary(points: readonly ScorePoint[], challenge: ChallengeSummary): string {
  const better = (a: number, b: number) => (challenge.higher_is_better ? a > b : a < b);
  const best = points.reduce(
    (top, point) => (better(point.score, top) ? point.score : top),
    points[0]!.score,
  );
  const first = points[0]!;
  const latest = points.at(-1)!;
  const span =
    points.length === 1
      ? `on ${formatChartTime(first.at)}`
      : `from ${formatChartTime(first.at)} to ${formatChartTime(latest.at)}`;
  let text = `${plural(points.length, "public score")} ${span} (${challenge.metric_name}, ${challenge.higher_is_better ? "higher" : "lower"} is better): `;
  text +=
    points.length === 1
      ? `${formatScore(first.score)}.`
      : `the first ${formatScore(first.score)}, the best ${formatScore(best)}, the latest ${formatScore(latest.score)}.`;
  const baseline = visibleBaseline(challenge);
  if (baseline === null) return `${text} The baseline is not measured yet.`;
  const beating = points.filter((point) =>
    beats(point.score, baseline, challenge.higher_is_better),
  );
  return `${text} The baseline scores ${formatScore(baseline)}; ${beating.length} of ${points.length} beat it.`;
}

/** The baseline's public score; none after the reveal, when the summary's is the final one. */
function visibleBaseline(challenge: ChallengeSummary): number | null {
  return challenge.score_kind === "public" ? challenge.baseline : null;
}

/** Half an hour at least on each side: scores minutes apart still get time ticks, and the end points are whole. */
const MIN_PAD_SECONDS = 1800;

function scoreSpec(points: readonly ScorePoint[], challenge: ChallengeSummary): ChartSpec {
  const baseline = visibleBaseline(challenge);
  const x = points.map((point) => Date.parse(point.at) / 1000);
  const pad = Math.max((x.at(-1)! - x[0]!) * 0.04, MIN_PAD_SECONDS);
  return {
    xKind: "time",
    x,
    xRange: [x[0]! - pad, x.at(-1)! + pad],
    series: [
      {
        label: "Your public score",
        values: points.map((point) => point.score),
        color: "blue",
        kind: "line",
      },
    ],
    rules:
      baseline === null
        ? []
        : [
            {
              axis: "y",
              value: baseline,
              label: `Baseline ${formatScore(baseline)}`,
              color: "orange",
            },
          ],
    formatY: (value) => value.toFixed(3),
    yLabel: challenge.metric_name,
  };
}

function challengeName(challenge: ChallengeSummary): string {
  return `${challenge.domain} C${challenge.challenge}: ${challenge.title}`;
}

function ScoreChart({ challenge }: { challenge: ChallengeSummary }) {
  const { data, error, isLoading, mutate } = useEverySubmission({
    challenge: challenge.challenge_key,
    limit: HISTORY_PAGE_MAX,
  });
  const points = useMemo(() => publicScores(data ?? []), [data]);
  const spec = useMemo(() => scoreSpec(points, challenge), [points, challenge]);
  if (error && !data) {
    return (
      <LoadError title={SCORE_CHART_MESSAGES.loadFailed} error={error} onRetry={() => mutate()} />
    );
  }
  if (isLoading || !data) return <Skeleton height={260} radius="md" />;
  if (points.length === 0) {
    const revealed = data.some((item) => item.score_kind === "final" && item.score !== null);
    return (
      <Text size="sm" c="dimmed">
        {revealed ? SCORE_CHART_MESSAGES.revealed : SCORE_CHART_MESSAGES.noScores}
      </Text>
    );
  }
  const baseline = visibleBaseline(challenge);
  return (
    <ChartFigure
      title={SCORE_CHART_MESSAGES.caption(challengeName(challenge))}
      summary={`${scoreSummary(points, challenge)} Times in your time zone (${readerTimeZone()}).`}
      spec={spec}
      table={{
        caption: `Public scores of ${challengeName(challenge)}, oldest first`,
        columns: ["Submitted", "Public score", "Against the baseline"],
        rows: points.map((point) => [
          <time key="at" dateTime={point.at}>
            {formatChartTime(point.at)}
          </time>,
          formatScore(point.score),
          baseline === null
            ? "Not measured"
            : beats(point.score, baseline, challenge.higher_is_better)
              ? "Beats it"
              : "Does not beat it",
        ]),
      }}
    />
  );
}

/** The challenge the team sent to most recently, or the first one. */
function defaultChallenge(challenges: readonly ChallengeSummary[]): ChallengeSummary | undefined {
  let latest: ChallengeSummary | undefined;
  for (const challenge of challenges) {
    if (!challenge.last_submitted_at) continue;
    if (
      !latest ||
      Date.parse(challenge.last_submitted_at) > Date.parse(latest.last_submitted_at!)
    ) {
      latest = challenge;
    }
  }
  return latest ?? challenges[0];
}

/**
 * The dashboard's "Score over time" (issue 33): one challenge at a time, picked from the
 * overview's list (the summary is already loaded), its scores read from the history.
 */
export function ScoreOverTime() {
  const headingId = useId();
  const { data } = useSubmissionSummary();
  const [picked, setPicked] = useState<string | null>(null);
  if (!data || data.length === 0) return null;
  const challenge = data.find((c) => c.challenge_key === picked) ?? defaultChallenge(data)!;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} id={headingId}>
        {SCORE_CHART_MESSAGES.title}
      </Title>
      <Text size="sm" c="dimmed">
        {SCORE_CHART_MESSAGES.intro}
      </Text>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <NativeSelect
            label={SCORE_CHART_MESSAGES.picker}
            value={challenge.challenge_key}
            onChange={(event) => setPicked(event.currentTarget.value)}
            data={data.map((c) => ({ value: c.challenge_key, label: challengeName(c) }))}
            maw={520}
          />
          <ScoreChart challenge={challenge} />
        </Stack>
      </Paper>
    </Stack>
  );
}
