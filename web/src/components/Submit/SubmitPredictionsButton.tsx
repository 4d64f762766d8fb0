import { Button, Group, Modal, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { challengeHeading } from "@tandem/competition";
import { useId } from "react";
import { useCompetition } from "../../competition/CompetitionContext";
import { QueueStatus } from "../QueueStatus/QueueStatus";
import { SUBMIT_GATE_MESSAGES as M } from "./gateMessages";
import { SubmitPredictionsForm } from "./SubmitPredictionsForm";
import { useSubmissionsPause } from "./useSubmissionsPause";

interface SubmitPredictionsButtonProps {
  /** "retail-banking/2". */
  challengeKey: string;
  /** Rows a submission must have; null while not known. */
  expectedRows: number | null;
  /** A smaller button, for tables. */
  compact?: boolean;
}

/**
 * "Submit predictions" for one challenge: a dialog, named by the challenge's heading, to upload
 * a CSV as the signed-in member. Nothing for a key that names no challenge. While the organizers
 * have paused submissions it is disabled, with the reason beside it (the page's notice carries
 * their message).
 */
export function SubmitPredictionsButton({
  challengeKey,
  expectedRows,
  compact = false,
}: SubmitPredictionsButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const { competition } = useCompetition();
  const { paused } = useSubmissionsPause();
  const reasonId = useId();
  const challenge = competition.challengeByKey(challengeKey);
  const domain = challenge ? competition.findDomain(challenge.domain) : undefined;
  if (!challenge || !domain) return null;
  const { number, title } = challengeHeading(challenge);
  const heading = `${domain.name} C${number}: ${title}`;

  return (
    <>
      {/* While paused: the button off, with the reason beside it (its description). */}
      <Group gap="xs" align="center" display="inline-flex">
        <Button
          size={compact ? "xs" : "sm"}
          variant={compact ? "light" : "filled"}
          onClick={open}
          disabled={paused}
          aria-describedby={paused ? reasonId : undefined}
        >
          Submit predictions<VisuallyHidden> for {heading}</VisuallyHidden>
        </Button>
        {paused && (
          <Text id={reasonId} size="xs" c="dimmed" data-testid="submit-paused-reason">
            {M.pausedShort}
          </Text>
        )}
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        title={heading}
        size="lg"
        closeButtonProps={{ "aria-label": "Close" }}
      >
        <Stack gap="md">
          {/* Only while the scoring queue is long: the result will take longer than usual. */}
          <QueueStatus />
          <SubmitPredictionsForm
            challenge={challenge}
            domainName={domain.name}
            expectedRows={expectedRows}
          />
        </Stack>
      </Modal>
    </>
  );
}
