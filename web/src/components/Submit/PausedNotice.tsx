import { Alert, Text } from "@mantine/core";
import { SUBMIT_GATE_MESSAGES as M } from "./gateMessages";
import { useSubmissionsPause } from "./useSubmissionsPause";

/** While the organizers have paused submissions: their message, said once for the page. */
export function PausedNotice() {
  const { paused, message } = useSubmissionsPause();
  if (!paused) return null;
  return (
    <Alert color="orange" variant="light" title={M.pausedTitle} data-testid="paused-notice">
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {message ?? M.pausedFallback}
      </Text>
    </Alert>
  );
}
