import { type Challenge, type FeedbackPolicy, METRICS } from "@tandem/competition";
import { challengeByKey, findDomain } from "@tandem/competition/server";
import {
  FEEDBACK_MESSAGES,
  type FeedbackView,
  type ScoreKind,
  type SubmissionDetail,
  type SubmissionHistoryItem,
  type SubmitResponse,
} from "@tandem/contracts";
import type { Submission, SubmissionRecord } from "@tandem/db";
import type { TestSetLookup } from "@tandem/scoring";

type ShownFields = Pick<
  Submission,
  | "status"
  | "counted"
  | "metricValue"
  | "privateMetricValue"
  | "finalAt"
  | "shownScore"
  | "shownImproved"
  | "shownKind"
>;

/** How a score shown was made from the score computed: the policy's view of it. */
export function feedbackView(
  policy: FeedbackPolicy,
  improved: boolean | null = null,
): FeedbackView {
  return {
    policy: policy.policy,
    digits: policy.policy === "exact" ? null : policy.digits,
    threshold: policy.policy === "ladder" ? policy.threshold : null,
    significant_improvement: policy.policy === "ladder" ? improved : null,
  };
}

const EXACT = feedbackView({ policy: "exact" });

/**
 * The score a team is shown (docs/adr/0009-public-private-split.md, docs/adr/0015): this is
 * the one place a participant's answer reads a submission's scores. Before the reveal, the
 * public score as its challenge's feedback policy lets the team see it (stored with the score;
 * null until then). After it, a counted submission's private score exactly (the final
 * standings show it), and a practice one's private score under the same policy; a submission
 * scored before the split had no private score and keeps showing its public one.
 */
export function shownScore(
  submission: ShownFields,
  revealed: boolean,
  policy: FeedbackPolicy,
): { score: number | null; score_kind: ScoreKind; feedback: FeedbackView; final: boolean } {
  const final = submission.finalAt !== null;
  const shown = (kind: ScoreKind) => ({
    score: submission.shownKind === kind ? submission.shownScore : null,
    score_kind: kind,
    feedback: feedbackView(policy, submission.shownKind === kind ? submission.shownImproved : null),
    final,
  });
  if (!revealed) return shown("public");
  if (submission.status !== "scored") {
    return { score: null, score_kind: "final", feedback: feedbackView(policy), final };
  }
  if (submission.privateMetricValue === null) return shown("public");
  if (submission.counted) {
    return { score: submission.privateMetricValue, score_kind: "final", feedback: EXACT, final };
  }
  return shown("final");
}

/** The answer shape the earlier edition's client reads (docs/architecture.md#submit-answer). */
export function toSubmitResponse(
  submission: SubmissionRecord,
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
  const shown = shownScore(submission, revealed, challenge.feedback);
  const threshold = shown.feedback.threshold;
  if (scored && shown.feedback.significant_improvement === false && threshold !== null) {
    const why =
      shown.score === null
        ? FEEDBACK_MESSAGES.belowBaseline(threshold)
        : FEEDBACK_MESSAGES.notSignificant(threshold);
    messages.scored = `${messages.scored} ${why}`;
  }
  return {
    success: scored,
    ...shown,
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
 * its challenge from its key, the row count and answers version of the current public test set.
 */
export async function storedSubmissionAnswer(
  submission: SubmissionRecord,
  deps: { getTestSet: TestSetLookup; isRevealed: () => Promise<boolean> },
): Promise<SubmitResponse | undefined> {
  const challenge = challengeByKey(submission.challengeKey);
  if (!challenge) return undefined;
  const [testSet, revealed] = await Promise.all([deps.getTestSet(challenge), deps.isRevealed()]);
  return toSubmitResponse(
    submission,
    challenge,
    testSet?.ids.length ?? submission.rowCount,
    testSet?.version,
    { revealed },
  );
}

/** A submission with the username of the member who sent it (null: the API key, or deleted). */
export type SubmissionWithSubmitter = SubmissionRecord & { submitterName: string | null };

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

/** The challenge's feedback policy; a challenge no longer defined shows its stored values exactly. */
export function feedbackPolicyOf(challengeKey: string): FeedbackPolicy {
  return challengeByKey(challengeKey)?.feedback ?? { policy: "exact" };
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
    ...shownScore(row, revealed, feedbackPolicyOf(row.challengeKey)),
    metric_name: row.metricName,
    counted: row.counted,
    scored_on_earlier_answers: scoredOnEarlierAnswers(row, currentAnswersVersion),
    ...recordFields(row),
  };
}

/** `GET /submissions/:id`: the submit answer and the history entry's fields, for its own page. */
export async function storedSubmissionDetail(
  submission: SubmissionWithSubmitter,
  deps: { getTestSet: TestSetLookup; isRevealed: () => Promise<boolean> },
): Promise<SubmissionDetail | undefined> {
  const answer = await storedSubmissionAnswer(submission, deps);
  return answer && { ...answer, ...recordFields(submission) };
}
