import { Text } from "@mantine/core";
import type { FeedbackView } from "@tandem/contracts";
import type { ScoreKind } from "../../api/submissions/requests";
import { BestSoFarBadge } from "./BestSoFarBadge";
import { formatScore, isBestSoFar, scoreKindLabel } from "./format";
import { SUBMISSION_MESSAGES } from "./messages";
import classes from "./Submissions.module.css";

interface ScoreTextProps {
  score: number | null;
  kind: ScoreKind;
  /** How the score shown was made; marks the team's best so far under the ladder policy. */
  feedback?: FeedbackView;
  /** Words before the kind, e.g. "best" for "best public score". */
  prefix?: (kind: string) => string;
}

/**
 * A score to 4 decimals (docs/product.md#submission-statuses) and which one it is: "0.8123 public
 * score".
 */
export function ScoreText({ score, kind, feedback, prefix }: ScoreTextProps) {
  if (score === null) {
    return (
      <Text span size="sm" c="dimmed">
        {feedback && isBestSoFar(feedback)
          ? SUBMISSION_MESSAGES.notShown
          : SUBMISSION_MESSAGES.noScore}
      </Text>
    );
  }
  const label = scoreKindLabel(kind);
  return (
    <>
      <Text span fw={700} ff="monospace" size="sm">
        {formatScore(score)}
      </Text>{" "}
      <Text span size="xs" c="dimmed">
        {prefix ? prefix(label) : label}
      </Text>
      {feedback && isBestSoFar(feedback) && (
        <span className={classes.badgeLine}>
          <BestSoFarBadge />
        </span>
      )}
    </>
  );
}
