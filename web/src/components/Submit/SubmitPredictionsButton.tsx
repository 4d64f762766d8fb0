import { Button, Modal, Stack, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { challengeHeading } from "@tandem/competition";
import { useCompetition } from "../../competition/CompetitionContext";
import { QueueStatus } from "../QueueStatus/QueueStatus";
import { SubmitPredictionsForm } from "./SubmitPredictionsForm";

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
 * a CSV as the signed-in member. Nothing for a key that names no challenge.
 */
export function SubmitPredictionsButton({
  challengeKey,
  expectedRows,
  compact = false,
}: SubmitPredictionsButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const { competition } = useCompetition();
  const challenge = competition.challengeByKey(challengeKey);
  const domain = challenge ? competition.findDomain(challenge.domain) : undefined;
  if (!challenge || !domain) return null;
  const { number, title } = challengeHeading(challenge);
  const heading = `${domain.name} C${number}: ${title}`;

  return (
    <>
      <Button size={compact ? "xs" : "sm"} variant={compact ? "light" : "filled"} onClick={open}>
        Submit predictions<VisuallyHidden> for {heading}</VisuallyHidden>
      </Button>
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
