import { type Challenge, METRICS } from "@tandem/competition";
import type { SubmitResponse } from "@tandem/contracts";
import type { Submission } from "@tandem/db";

/** The answer shape the earlier edition's client reads (ARCHITECTURE.md §5 step 4). */
export function toSubmitResponse(
  submission: Submission,
  challenge: Challenge,
  expectedRows: number,
  currentAnswersVersion?: number,
): SubmitResponse {
  const scored = submission.status === "scored";
  const messages: Record<Submission["status"], string> = {
    queued: "Submission received; scoring is in progress.",
    scoring: "Submission received; scoring is in progress.",
    scored: submission.counted
      ? "Submission scored."
      : "Submission scored as practice: it was made outside the competition window and does not count.",
    invalid: submission.errorMessage ?? "Submission failed validation.",
    failed: submission.errorMessage ?? "Scoring failed on the platform.",
  };
  return {
    success: scored,
    score: submission.metricValue,
    metric_name: METRICS[challenge.metric].name,
    validation_passed: submission.status !== "invalid",
    details: {
      expected_format: challenge.header.join(","),
      actual_rows: submission.rowCount,
      expected_rows: expectedRows,
      validation_errors: submission.validationErrors ?? [],
    },
    submission_id: submission.id,
    status: submission.status,
    counted: submission.counted,
    scored_on_earlier_answers: scoredOnEarlierAnswers(submission, currentAnswersVersion),
    message: messages[submission.status],
  };
}

/** True when the data was reloaded after this submission was scored: its score stands as it was. */
export function scoredOnEarlierAnswers(
  submission: Pick<Submission, "answersVersion">,
  currentVersion: number | undefined,
): boolean {
  return (
    submission.answersVersion !== null &&
    currentVersion !== undefined &&
    submission.answersVersion < currentVersion
  );
}
