import { Badge, Card, Code, Group, Stack, Text } from "@mantine/core";
import type { SubmissionDetail } from "../../api/submissions/requests";
import { useCompetition } from "../../competition/CompetitionContext";
import { Fact, Facts } from "../Facts";
import { SectionCard } from "../SectionCard";
import { DownloadFileButton } from "./DownloadFileButton";
import { FinalSwitch } from "./FinalSwitch";
import { challengeFullName, feedbackRule, formatSubmittedAt, submitterLabel } from "./format";
import { SUBMISSION_MESSAGES as M } from "./messages";
import { ScoreNotes } from "./ScoreNotes";
import { ScoreText } from "./ScoreText";
import { StatusBadge } from "./StatusBadge";
import classes from "./Submissions.module.css";
import { ValidationProblems } from "./ValidationProblems";

function Time({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatSubmittedAt(iso)}</time> : <>–</>;
}

/** What the server said about the file: rows expected and sent, the header, the first problems. */
function Validation({ submission }: { submission: SubmissionDetail }) {
  const { details } = submission;
  return (
    <SectionCard id="validation-heading" title={M.validationTitle} padding="lg">
      <Facts column={150}>
        <Fact label={M.expectedRows}>{details.expected_rows}</Fact>
        <Fact label={M.actualRows}>{details.actual_rows}</Fact>
      </Facts>
      {details.expected_format && (
        <div>
          <Text size="sm" fw={600}>
            {M.expectedHeader}
          </Text>
          <Code block className={classes.header}>
            {details.expected_format}
          </Code>
        </div>
      )}
      {details.validation_errors.length > 0 ? (
        <div>
          <Text size="sm" fw={600} id="validation-errors-label">
            {M.validationErrors}
          </Text>
          <ValidationProblems
            problems={details.validation_errors}
            spacing={4}
            aria-labelledby="validation-errors-label"
          />
        </div>
      ) : (
        submission.validation_passed && <Text size="sm">{M.validationPassed}</Text>
      )}
    </SectionCard>
  );
}

/** One of the team's submissions: its history entry, the scoring answer and the file sent. */
export function SubmissionDetailView({ submission }: { submission: SubmissionDetail }) {
  const { competition } = useCompetition();
  const name = challengeFullName(
    competition,
    submission.domain,
    submission.challenge_key,
    submission.challenge,
  );
  const message = submission.error ?? submission.message;
  const rule = submission.status === "scored" ? feedbackRule(submission.feedback) : null;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" component="section" aria-label={name}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4} className={classes.wrapAnywhere}>
              <Text size="lg" fw={600}>
                {name}
              </Text>
              {/* Announced when polling brings a new status. */}
              <Group gap="xs" aria-live="polite">
                <StatusBadge status={submission.status} />
                {submission.final && (
                  <Badge variant="light" color="grape">
                    {M.finalMark}
                  </Badge>
                )}
              </Group>
            </Stack>
            <DownloadFileButton submissionId={submission.submission_id} />
          </Group>
          {message && (
            <Text size="sm" className={classes.fullText}>
              {message}
            </Text>
          )}
          <Facts column={150}>
            <Fact label={M.columns.score}>
              <ScoreText
                score={submission.score}
                kind={submission.score_kind}
                feedback={submission.feedback}
              />
            </Fact>
            <Fact label={M.metric}>{submission.metric_name}</Fact>
            <Fact label={M.columns.counted}>{submission.counted ? M.counted : M.practice}</Fact>
            <Fact label={M.submittedAt}>
              <Time iso={submission.created_at} />
            </Fact>
            <Fact label={M.scoredAt}>
              <Time iso={submission.scored_at} />
            </Fact>
            <Fact label={M.submittedBy}>{submitterLabel(submission.submitted_by)}</Fact>
            <Fact label={M.rows}>{submission.row_count}</Fact>
          </Facts>
          <ScoreNotes rule={rule} earlierAnswers={submission.scored_on_earlier_answers} />
          {submission.status === "scored" && submission.counted && (
            <FinalSwitch submission={submission} challengeName={name} />
          )}
          <div>
            <Text size="sm" fw={600}>
              {M.columns.note}
            </Text>
            <Text size="sm" c={submission.note ? undefined : "dimmed"} className={classes.fullText}>
              {submission.note ?? M.noNote}
            </Text>
          </div>
        </Stack>
      </Card>
      <Validation submission={submission} />
    </Stack>
  );
}
