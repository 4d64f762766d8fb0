import { type Challenge, METRICS } from "@tandem/competition";
import { challengeByKey, findDomain } from "@tandem/competition/server";
import type {
  ScoreKind,
  SubmissionDetail,
  SubmissionHistoryItem,
  SubmitResponse,
} from "@tandem/contracts";
import type { Submission } from "@tandem/db";
import type { AnswersLookup } from "@tandem/scoring";

/**
 * The score a team is shown (docs/adr/0009-public-private-split.md): the public one until the
 * organizers reveal the final standings, the private one after. This is the one place a
 * participant's answer reads `privateMetricValue`. A submission scored before the split has no
 * private score and keeps showing its public one, said so by `score_kind`.
 */
export function shownScore(
  submission: Pick<Submission, "status" | "metricValue" | "privateMetricValue" | "finalAt">,
  revealed: boolean,
): { score: number | null; score_kind: ScoreKind; final: boolean } {
  const final = submission.finalAt !== null;
  if (!revealed) return { score: submission.metricValue, score_kind: "public", final };
  if (submission.status === "scored" && submission.privateMetricValue === null) {
    return { score: submission.metricValue, score_kind: "public", final };
  }
  return { score: submission.privateMetricValue, score_kind: "final", final };
}

/** The answer shape the earlier edition's client reads (ARCHITECTURE.md §5 step 4). */
export function toSubmitResponse(
  submission: Submission,
  challenge: Challenge,
  expectedRows: number,
  currentAnswersVersion: number | undefined,
  { revealed }: { revealed: boolean },
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
    ...shownScore(submission, revealed),
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

/**
 * A stored submission as its team sees it (`GET /submissions/:id`, the final-selection routes):
 * its challenge from its key, the row count and answers version of the current answers.
 */
export async function storedSubmissionAnswer(
  submission: Submission,
  deps: { getAnswers: AnswersLookup; isRevealed: () => Promise<boolean> },
): Promise<SubmitResponse | undefined> {
  const challenge = challengeByKey(submission.challengeKey);
  if (!challenge) return undefined;
  const [answers, revealed] = await Promise.all([deps.getAnswers(challenge), deps.isRevealed()]);
  return toSubmitResponse(
    submission,
    challenge,
    answers?.table.positions.size ?? submission.rowCount,
    answers?.version,
    { revealed },
  );
}

/** A submission with the username of the member who sent it (null: the API key, or deleted). */
export type SubmissionWithSubmitter = Submission & { submitterName: string | null };

/** What a history entry and a submission's page say of a submission beyond the submit answer. */
function recordFields(row: SubmissionWithSubmitter) {
  const [slug, number] = row.challengeKey.split("/");
  return {
    domain: findDomain(slug ?? "")?.name ?? slug ?? "",
    challenge: Number(number),
    challenge_key: row.challengeKey,
    row_count: row.rowCount,
    error: row.errorMessage,
    note: row.note,
    submitted_by:
      row.submittedVia === "user"
        ? { kind: "user" as const, username: row.submitterName }
        : { kind: "api_key" as const, username: null },
    created_at: row.createdAt.toISOString(),
    scored_at: row.scoredAt?.toISOString() ?? null,
  };
}

/** A history entry (`GET /submissions/history`) as the team sees it. */
export function toHistoryItem(
  row: SubmissionWithSubmitter,
  revealed: boolean,
  currentAnswersVersion: number | undefined,
): SubmissionHistoryItem {
  return {
    submission_id: row.id,
    status: row.status,
    ...shownScore(row, revealed),
    metric_name: row.metricName,
    counted: row.counted,
    scored_on_earlier_answers: scoredOnEarlierAnswers(row, currentAnswersVersion),
    ...recordFields(row),
  };
}

/** `GET /submissions/:id`: the submit answer and the history entry's fields, for its own page. */
export async function storedSubmissionDetail(
  submission: SubmissionWithSubmitter,
  deps: { getAnswers: AnswersLookup; isRevealed: () => Promise<boolean> },
): Promise<SubmissionDetail | undefined> {
  const answer = await storedSubmissionAnswer(submission, deps);
  return answer && { ...answer, ...recordFields(submission) };
}
