import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import type { ChallengeSummary } from "../../api/submissions/requests";
import { CheckIcon } from "../icons";
import { feedbackRule, formatResetTime, formatScore, formatSubmittedAt } from "./format";
import { SUBMISSION_MESSAGES as M } from "./messages";
import { ScoreText } from "./ScoreText";
import classes from "./Submissions.module.css";

function BaselineLine({ challenge }: { challenge: ChallengeSummary }) {
  if (challenge.baseline === null) {
    return (
      <Text size="sm" c="dimmed">
        {M.baselineNotMeasured}
      </Text>
    );
  }
  return (
    <Text size="sm">
      {M.baseline}{" "}
      <Text span ff="monospace">
        {formatScore(challenge.baseline)}
      </Text>
      {challenge.beats_baseline !== null && (
        <>
          {" · "}
          <Text
            span
            size="sm"
            fw={600}
            c={challenge.beats_baseline ? "teal" : "orange"}
            className={classes.inlineIcon}
          >
            {challenge.beats_baseline && <CheckIcon size={14} />}
            {challenge.beats_baseline ? M.beatsBaseline : M.belowBaseline}
          </Text>
        </>
      )}
    </Text>
  );
}

interface ChallengeSummaryCardProps {
  challenge: ChallengeSummary;
  /** The challenge's action (the browser upload), placed by whoever renders the overview. */
  action?: ReactNode;
}

/** One challenge of the overview: best score, metric, baseline, today's quota, ranked or not. */
export function ChallengeSummaryCard({ challenge, action }: ChallengeSummaryCardProps) {
  const headingId = useId();
  const full = challenge.used_today >= challenge.daily_limit;
  const rule = feedbackRule(challenge.feedback);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={5} id={headingId} className={classes.wrapAnywhere}>
            C{challenge.challenge}: {challenge.title}
          </Title>
          <Badge
            variant="light"
            color={challenge.counted ? "teal" : "gray"}
            className={classes.noShrink}
          >
            {challenge.counted ? M.ranked : M.notRanked}
          </Badge>
        </Group>

        <div>
          <ScoreText
            score={challenge.score}
            kind={challenge.score_kind}
            feedback={challenge.feedback}
            prefix={M.bestScore}
          />
        </div>
        <Text size="sm" c="dimmed">
          {challenge.metric_name} ·{" "}
          {challenge.higher_is_better ? M.higherIsBetter : M.lowerIsBetter}
        </Text>
        {rule && (
          <Text size="xs" c="dimmed">
            {rule}
          </Text>
        )}
        <BaselineLine challenge={challenge} />
        <Text size="sm">
          <Text span fw={600} c={full ? "orange" : undefined}>
            {M.usedToday(challenge.used_today, challenge.daily_limit)}
          </Text>
          {full && ` (${M.limitReached})`} ·{" "}
          <time dateTime={challenge.resets_at}>{formatResetTime(challenge.resets_at)}</time>
        </Text>
        <Text size="xs" c="dimmed">
          {M.submissionCount(challenge.submissions)}
          {challenge.last_submitted_at && (
            <>
              {" · "}
              <time dateTime={challenge.last_submitted_at}>
                {M.lastSubmitted(formatSubmittedAt(challenge.last_submitted_at))}
              </time>
            </>
          )}
        </Text>
        {/* Room for the challenge's "Submit predictions" button (SubmitPredictionsButton). */}
        {action && <div className={classes.cardAction}>{action}</div>}
      </Stack>
    </Card>
  );
}
