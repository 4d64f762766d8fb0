import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Link } from "react-router";
import { useAdminSubmission, useSubmissionAction } from "../../../api/admin/submissions/hooks";
import { downloadAdminSubmissionFile } from "../../../api/admin/submissions/requests";
import { hasErrorCode } from "../../../api/client";
import { formatScore } from "../../Dashboard/format";
import { Fact, Facts } from "../../Facts";
import { LoadError } from "../../LoadError";
import { submitterLabel } from "../../Submissions/format";
import { StatusBadge } from "../../Submissions/StatusBadge";
import { ValidationProblems } from "../../Submissions/ValidationProblems";
import classes from "../Admin.module.css";
import { adminFailure } from "../adminErrors";
import { ConfirmButton } from "../ConfirmButton";
import { NotFoundAlert } from "../NotFoundAlert";
import { ReasonModal } from "../ReasonModal";
import { teamPath } from "../Teams/TeamsList";
import { formatDateTime } from "../time";

const score = (value: number | null) => (value === null ? "–" : formatScore(value));

function DownloadButton({ id }: { id: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="light"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadAdminSubmissionFile(id);
        } catch (caught) {
          notifications.show({
            color: "red",
            title: "The file could not be downloaded",
            message: adminFailure(caught),
          });
        } finally {
          setBusy(false);
        }
      }}
    >
      Download file
    </Button>
  );
}

/** /admin/submissions/:submissionId: one submission with both scores and its scoring runs. */
export function SubmissionDetail({ submissionId }: { submissionId: string }) {
  const { data: s, error, isLoading, mutate } = useAdminSubmission(submissionId);
  const { trigger: act } = useSubmissionAction(submissionId);
  const [invalidating, setInvalidating] = useState(false);

  if (isLoading && !s) {
    return (
      <Stack gap="md" aria-hidden>
        <Skeleton height={36} width="50%" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (!s) {
    if (
      hasErrorCode(error, "admin.submission_not_found") ||
      hasErrorCode(error, "request.invalid")
    ) {
      return (
        <NotFoundAlert
          title="Submission not found"
          back={{ to: "/admin/submissions", label: "Back to all submissions" }}
        >
          No submission has this id.
        </NotFoundAlert>
      );
    }
    return (
      <LoadError
        title="The submission could not be loaded"
        error={error}
        onRetry={() => mutate()}
      />
    );
  }

  const stale =
    s.answers_version !== null &&
    s.current_answers_version !== null &&
    s.answers_version !== s.current_answers_version;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/submissions" size="sm">
        ← All submissions
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {s.challenge_key} submission
          </Title>
          <Text size="sm" className={classes.wrapAnywhere}>
            by{" "}
            <Anchor component={Link} to={teamPath(s.team.id)}>
              {s.team.name}
            </Anchor>{" "}
            ({submitterLabel(s.submitted_by)})
          </Text>
        </Stack>
        <StatusBadge status={s.status} />
      </Group>
      {s.error && (
        <Alert color={s.status === "failed" ? "red" : "orange"} variant="light" title="Error">
          <Text size="sm" className={classes.fullText}>
            {s.error}
          </Text>
        </Alert>
      )}
      <Facts strong>
        <Fact label={`Public ${s.metric_name}`}>{score(s.public_score)}</Fact>
        <Fact label={`Private ${s.metric_name}`}>{score(s.private_score)}</Fact>
        <Fact label="Counted">{s.counted ? "Yes" : "No (practice)"}</Fact>
        <Fact label="Final pick">{s.final ? "Yes" : "No"}</Fact>
        <Fact label="Rows">{s.row_count}</Fact>
        <Fact label="Attempts">{s.attempts}</Fact>
        <Fact label="Submitted">{formatDateTime(s.created_at)}</Fact>
        <Fact label="Claimed">{formatDateTime(s.claimed_at)}</Fact>
        <Fact label="Scored">{formatDateTime(s.scored_at)}</Fact>
        <Fact label="Time to score">
          {s.seconds_to_score === null ? "–" : `${s.seconds_to_score.toFixed(1)} s`}
        </Fact>
        <Fact label="Answers version">
          {s.answers_version ?? "–"}
          {stale ? ` (now ${s.current_answers_version})` : ""}
        </Fact>
      </Facts>
      {s.note && (
        <Text size="sm" className={classes.fullText}>
          Note: {s.note}
        </Text>
      )}
      <Card
        withBorder
        radius="md"
        padding="md"
        component="section"
        aria-labelledby="validation-heading"
      >
        <Title order={2} size="h4" id="validation-heading" mb="xs">
          Validation
        </Title>
        {s.validation_errors.length === 0 ? (
          <Text size="sm" c="dimmed">
            No validation problems.
          </Text>
        ) : (
          <ValidationProblems problems={s.validation_errors} spacing={2} />
        )}
      </Card>
      <Group gap="sm">
        <DownloadButton id={s.id} />
        <ConfirmButton
          label="Rescore"
          title="Rescore this submission?"
          confirmLabel="Rescore"
          color="orange"
          failed="The submission could not be rescored"
          run={async () => {
            const answer = await act({ kind: "rescore" });
            return {
              title: "Rescore requested",
              message:
                answer.status === "scored"
                  ? `Public ${score(answer.public_score)}, private ${score(answer.private_score)}.`
                  : "It is back in the scoring queue.",
            };
          }}
        >
          The file is scored again against the current answers; its scores may change.
        </ConfirmButton>
        <Button
          variant="light"
          color="red"
          disabled={s.status === "invalid"}
          onClick={() => setInvalidating(true)}
        >
          Mark invalid
        </Button>
      </Group>
      <ReasonModal
        opened={invalidating}
        onClose={() => setInvalidating(false)}
        title="Mark this submission invalid"
        description="Its scores no longer count anywhere. The team sees the reason as the submission's error."
        label="Reason"
        confirmLabel="Mark invalid"
        maxLength={500}
        failed="The submission could not be marked invalid"
        run={async (reason) => {
          await act({ kind: "invalidate", reason });
          return { title: "Submission marked invalid", message: reason };
        }}
      />
    </Stack>
  );
}
