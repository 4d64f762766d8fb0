import { Text } from "@mantine/core";
import { SUBMISSION_MESSAGES as M } from "./messages";

/** What qualifies a score: the feedback rule it was shown by, and a score kept from earlier answers. */
export function ScoreNotes({
  rule,
  earlierAnswers,
}: {
  rule: string | null;
  earlierAnswers: boolean;
}) {
  return (
    <>
      {rule && (
        <Text size="sm" c="dimmed">
          {rule}
        </Text>
      )}
      {earlierAnswers && (
        <Text size="sm" c="dimmed">
          {M.scoredOnEarlierAnswers}
        </Text>
      )}
    </>
  );
}
