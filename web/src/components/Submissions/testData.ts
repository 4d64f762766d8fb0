import type { FeedbackView } from "@tandem/contracts";
import type {
  ChallengeSummary,
  SubmissionDetail,
  SubmissionHistoryItem,
} from "../../api/submissions/requests";

/** Test data shaped as the gateway answers it (contracts' submission schemas). */

/** The default edition's policy: a new score is shown, to 2 decimals, when it beats the best by 0.01. */
export function ladder(significantImprovement: boolean | null): FeedbackView {
  return {
    policy: "ladder",
    digits: 2,
    threshold: 0.01,
    significant_improvement: significantImprovement,
  };
}

export const EXACT: FeedbackView = {
  policy: "exact",
  digits: null,
  threshold: null,
  significant_improvement: null,
};

export const SUBMISSION_ID = "0b7f7f0e-5d5e-4c39-9a57-2f1c6f0a9e11";

export function summaryItem(overrides: Partial<ChallengeSummary> = {}): ChallengeSummary {
  return {
    challenge_key: "retail-banking/1",
    domain: "Retail Banking",
    challenge: 1,
    title: "Fraud Detection",
    score: 0.8123,
    score_kind: "public",
    feedback: EXACT,
    metric_name: "F1",
    higher_is_better: true,
    baseline: 0.5,
    beats_baseline: true,
    used_today: 3,
    daily_limit: 5,
    remaining_today: 2,
    resets_at: "2026-11-22T00:00:00.000Z",
    counted: true,
    submissions: 12,
    expected_rows: 1000,
    last_submitted_at: "2026-11-21T14:05:10.000Z",
    ...overrides,
  };
}

export function historyItem(
  id: string,
  overrides: Partial<SubmissionHistoryItem> = {},
): SubmissionHistoryItem {
  return {
    submission_id: id,
    domain: "Retail Banking",
    challenge: 1,
    challenge_key: "retail-banking/1",
    status: "scored",
    score: 0.8123,
    score_kind: "public",
    feedback: EXACT,
    final: false,
    metric_name: "F1",
    counted: true,
    row_count: 1000,
    error: null,
    note: null,
    submitted_by: { kind: "api_key", username: null },
    created_at: "2026-11-21T14:05:10.000Z",
    scored_at: "2026-11-21T14:05:12.000Z",
    scored_on_earlier_answers: false,
    ...overrides,
  };
}

export function submissionDetail(overrides: Partial<SubmissionDetail> = {}): SubmissionDetail {
  return {
    success: true,
    score: 0.8123,
    score_kind: "public",
    feedback: EXACT,
    final: false,
    metric_name: "F1",
    validation_passed: true,
    details: {
      expected_format: "TxnID,FraudLabel",
      actual_rows: 1000,
      expected_rows: 1000,
      validation_errors: [],
    },
    submission_id: SUBMISSION_ID,
    status: "scored",
    counted: true,
    scored_on_earlier_answers: false,
    domain: "Retail Banking",
    challenge: 1,
    challenge_key: "retail-banking/1",
    row_count: 1000,
    error: null,
    note: null,
    submitted_by: { kind: "user", username: "ada" },
    created_at: "2026-11-21T14:05:10.000Z",
    scored_at: "2026-11-21T14:05:12.000Z",
    ...overrides,
  };
}

/** The query of a stubbed fetch's call, as search params. */
export function queryOf(input: RequestInfo | URL): URLSearchParams {
  return new URL(String(input), "http://localhost").searchParams;
}
