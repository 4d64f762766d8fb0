import type { AdminSubmission, AdminSubmissionDetail } from "@tandem/contracts";
import type { AdminSubmissionRow } from "./admin-submissions.repository";

/** A submission as organizers see it: both scores, whatever the reveal. */
export function toAdminSubmission(row: AdminSubmissionRow): AdminSubmission {
  return {
    id: row.id,
    team: { id: row.teamId, name: row.teamName },
    challenge_key: row.challengeKey,
    status: row.status,
    metric_name: row.metricName,
    public_score: row.metricValue,
    private_score: row.privateMetricValue,
    counted: row.counted,
    final: row.finalAt !== null,
    row_count: row.rowCount,
    error: row.errorMessage,
    note: row.note,
    submitted_by:
      row.submittedVia === "user"
        ? { kind: "user", username: row.submitterName }
        : { kind: "api_key", username: null },
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    scored_at: row.scoredAt?.toISOString() ?? null,
  };
}

/** `GET /api/admin/submissions/{id}`: the list entry and how its scoring went. */
export function toAdminSubmissionDetail(
  row: AdminSubmissionRow,
  currentAnswersVersion: number | undefined,
): AdminSubmissionDetail {
  return {
    ...toAdminSubmission(row),
    validation_errors: row.validationErrors ?? [],
    answers_version: row.answersVersion,
    current_answers_version: currentAnswersVersion ?? null,
    claimed_at: row.claimedAt?.toISOString() ?? null,
    seconds_to_score: row.scoredAt
      ? (row.scoredAt.getTime() - row.createdAt.getTime()) / 1000
      : null,
  };
}
