import { Alert, Stack, Switch, Text } from "@mantine/core";
import { TEAM_MESSAGES } from "@tandem/contracts";
import { useState } from "react";
import { hasErrorCode } from "../../api/client";
import { useSetFinal } from "../../api/submissions/hooks";
import type { SubmissionDetail } from "../../api/submissions/requests";
import { failureReason } from "../Dashboard/teamErrors";
import { formatSubmittedAt } from "./format";
import classes from "./Submissions.module.css";

/**
 * Marks or unmarks this submission as final from its own page (issue 33): the dashboard's card
 * lists only a challenge's likely picks, so any other scored, counted one is marked here.
 */
export function FinalSwitch({
  submission,
  challengeName,
}: {
  submission: SubmissionDetail;
  challengeName: string;
}) {
  const { trigger } = useSetFinal();
  const [intended, setIntended] = useState<boolean | null>(null);
  const [refusal, setRefusal] = useState<{ title: string; message: string } | null>(null);
  const [closed, setClosed] = useState(false);

  const change = async (final: boolean) => {
    setIntended(final);
    setRefusal(null);
    try {
      await trigger({ submissionId: submission.submission_id, final });
    } catch (failure) {
      const title = hasErrorCode(failure, "submission.final_limit")
        ? TEAM_MESSAGES.finalLimitTitle
        : hasErrorCode(failure, "submission.selection_closed") ||
            hasErrorCode(failure, "submission.final_frozen")
          ? TEAM_MESSAGES.finalClosedTitle
          : TEAM_MESSAGES.finalChangeFailed;
      if (title === TEAM_MESSAGES.finalClosedTitle) setClosed(true);
      setRefusal({ title, message: failureReason(failure) });
    } finally {
      setIntended(null);
    }
  };

  return (
    <Stack gap="xs">
      <Switch
        label={TEAM_MESSAGES.finalMarkLabel(
          formatSubmittedAt(submission.created_at),
          challengeName,
        )}
        checked={intended ?? submission.final}
        disabled={closed}
        aria-busy={intended !== null}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      {refusal && (
        <Alert color="red" variant="light" title={refusal.title}>
          <Text size="sm" className={classes.wrapAnywhere}>
            {refusal.message}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
