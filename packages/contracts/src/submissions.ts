import { z } from "zod";
import { SUBMISSION_NOTE_MAX_LENGTH, SUBMISSION_STATUSES } from "./rules";

/** A retry with the same key is the same submission (`POST /api/submit`). */
export const submitHeadersSchema = z.object({
  "idempotency-key": z.string().trim().min(1).max(200).optional(),
});

export const submitRequestSchema = z.object({
  domain_name: z.string().trim().min(1, "domain_name is required").max(100),
  task_number: z.coerce
    .number({ error: "task_number must be a whole number" })
    .int("task_number must be a whole number")
    .min(1)
    .max(99),
  predictions_csv: z.string().min(1, "predictions_csv is empty"),
  note: z
    .string()
    .trim()
    .max(
      SUBMISSION_NOTE_MAX_LENGTH,
      `note must be at most ${SUBMISSION_NOTE_MAX_LENGTH} characters`,
    )
    .optional()
    .describe("The team's own note on this submission (shown in its history); optional"),
});

export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES);

/**
 * Which score `score` is (docs/adr/0009-public-private-split.md): the public part's until the
 * organizers reveal the final standings, then the private part's (`final`).
 */
export const SCORE_KINDS = ["public", "final"] as const;
export const scoreKindSchema = z
  .enum(SCORE_KINDS)
  .describe(
    "public: the score on the public part of the test rows (before the reveal); final: the score on the private part, after the organizers revealed the final standings",
  );
export type ScoreKind = z.infer<typeof scoreKindSchema>;

/** docs/adr/0015-feedback-policy.md: what a participant is shown of a score. */
export const FEEDBACK_POLICIES = ["exact", "rounded", "ladder"] as const;
export type FeedbackPolicyName = (typeof FEEDBACK_POLICIES)[number];

export const feedbackViewSchema = z
  .object({
    policy: z
      .enum(FEEDBACK_POLICIES)
      .describe(
        "exact: scores as computed; rounded: to `digits` decimals; ladder: a new score only when it beats the team's best shown score by `threshold`, rounded to `digits`",
      ),
    digits: z.number().int().nullable().describe("Decimals shown; null under exact"),
    threshold: z
      .number()
      .nullable()
      .describe(
        "ladder: the improvement, in the metric's units, a new score must make to be shown",
      ),
    significant_improvement: z
      .boolean()
      .nullable()
      .describe(
        "ladder: true when `score` is this submission's own, false when it did not beat the team's best shown score by `threshold` and `score` is that best; null when not scored or under another policy",
      ),
  })
  .describe(
    "How the score shown was made from the score computed (the challenge's feedback policy)",
  );
export type FeedbackView = z.infer<typeof feedbackViewSchema>;

/** What a submit answer adds when its score was not shown (clients branch on the field, not this). */
export const FEEDBACK_MESSAGES = {
  notSignificant: (threshold: number) =>
    `It was not a significant improvement: it did not beat your team's best shown score by at least ${threshold}, so the score shown is that best.`,
  belowBaseline: (threshold: number) =>
    `Its score is not shown: scores on this challenge are shown once one beats the baseline's public score by at least ${threshold}.`,
};

const finalFlagSchema = z
  .boolean()
  .describe("Marked by the team as one of its final submissions for the challenge");

export const submitResponseSchema = z.object({
  success: z.boolean(),
  score: z.number().nullable().describe("See score_kind"),
  score_kind: scoreKindSchema,
  feedback: feedbackViewSchema,
  final: finalFlagSchema,
  metric_name: z.string(),
  validation_passed: z.boolean(),
  details: z.object({
    expected_format: z.string(),
    actual_rows: z.number().int(),
    expected_rows: z.number().int(),
    validation_errors: z.array(z.string()),
  }),
  submission_id: z.string(),
  status: submissionStatusSchema,
  counted: z.boolean(),
  scored_on_earlier_answers: z
    .boolean()
    .describe(
      "True when the organizers replaced the challenge's data after this was scored; the score was computed on the earlier answers and stands",
    ),
  message: z.string().optional(),
});
export type SubmitResponse = z.infer<typeof submitResponseSchema>;

/**
 * `POST /api/submit` (200, 202): the submission, the day's quota left and where the team stands
 * (issue 33). The rank is the team's in the public overall standings as the leaderboards serve
 * them, so it is null wherever the team may not see those (`leaderboard_visibility` organizers).
 */
export const submitAnswerSchema = submitResponseSchema.extend({
  remaining_today: z
    .number()
    .int()
    .min(0)
    .describe(
      "Submissions the team may still make to this challenge today (UTC day) under its daily limit, this one counted",
    ),
  public_rank: z
    .number()
    .int()
    .min(1)
    .nullable()
    .describe(
      "The team's rank in the public overall standings now; null when the team may not see the standings or has no rank yet",
    ),
  rank_change: z
    .number()
    .int()
    .nullable()
    .describe(
      "Places gained since before this submission (positive: up, negative: down, 0: none); null with public_rank, for a resent submission, or while the standings do not include this score yet (queued, or scored moments ago: they are rebuilt within seconds)",
    ),
});
export type SubmitAnswer = z.infer<typeof submitAnswerSchema>;

export const submissionParamsSchema = z.object({
  id: z.string().uuid("Submission id must be a UUID"),
});

/** The team's history and the organizers' list page the same way: newest first, by cursor. */
export const olderSubmissionsCursorSchema = z
  .string()
  .trim()
  .max(200)
  .optional()
  .describe("`next_cursor` of the previous page: the submissions older than that page's last");

export const submissionsPageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({
    submissions: z.array(item),
    next_cursor: z
      .string()
      .nullable()
      .describe("Pass as `cursor` for the next (older) page; null on the last page"),
  });

/** How many submissions one history page holds at most. */
export const HISTORY_PAGE_MAX = 500;

export const submissionHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(50),
  domain: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe("A domain's name or slug: only its submissions"),
  challenge: z
    .string()
    .trim()
    .max(120)
    .optional()
    .describe(
      "A challenge key (`retail-banking/2`), or a challenge number together with `domain`: only its submissions",
    ),
  status: submissionStatusSchema.optional().describe("Only submissions in this status"),
  cursor: olderSubmissionsCursorSchema,
});
export type SubmissionHistoryQuery = z.input<typeof submissionHistoryQuerySchema>;

/** Who sent a submission: a member signed in on the site, or the team's API key (SDK, scripts). */
export const SUBMITTERS = ["user", "api_key"] as const;
export const submittedBySchema = z.object({
  kind: z.enum(SUBMITTERS),
  username: z
    .string()
    .nullable()
    .describe("The member's username when kind is user (null if the account was deleted)"),
});
export type SubmittedBy = z.infer<typeof submittedBySchema>;

export const submissionHistoryItemSchema = z.object({
  submission_id: z.string(),
  domain: z.string(),
  challenge: z.number().int(),
  challenge_key: z.string(),
  status: submissionStatusSchema,
  score: z.number().nullable().describe("See score_kind"),
  score_kind: scoreKindSchema,
  feedback: feedbackViewSchema,
  final: finalFlagSchema,
  metric_name: z.string(),
  counted: z
    .boolean()
    .describe("Made while the team was active and inside the window; false: practice"),
  row_count: z.number().int(),
  error: z.string().nullable().describe("The validation or failure message, in full"),
  note: z.string().nullable(),
  submitted_by: submittedBySchema,
  created_at: z.string(),
  scored_at: z.string().nullable(),
  scored_on_earlier_answers: z.boolean(),
});

/** `GET /api/submissions/history`: the team's submissions, newest first, one page. */
export const submissionHistoryResponseSchema = submissionsPageSchema(submissionHistoryItemSchema);
export type SubmissionHistoryItem = z.infer<typeof submissionHistoryItemSchema>;
export type SubmissionHistoryPage = z.infer<typeof submissionHistoryResponseSchema>;

/**
 * `GET /api/submissions/{id}`: the submit answer (what the SDK reads) and the history entry's
 * fields, for the submission's own page.
 */
export const submissionDetailSchema = submitResponseSchema.extend(
  submissionHistoryItemSchema.omit({
    status: true,
    score: true,
    score_kind: true,
    feedback: true,
    final: true,
  }).shape,
);
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;

/** `GET /api/submissions/{id}/file`: the CSV the team sent (text/csv, as an attachment). */
export const submissionFileSchema = z
  .string()
  .describe("The CSV file the team sent, exactly as it arrived in predictions_csv");

/** One challenge of `GET /api/submissions/summary`. */
export const challengeSummarySchema = z.object({
  challenge_key: z.string(),
  domain: z.string(),
  challenge: z.number().int(),
  title: z.string(),
  score: z
    .number()
    .nullable()
    .describe(
      "The team's best score it may see (see score_kind): before the reveal its best public score as shown under the feedback policy, after it the final one; null without a counted scored submission",
    ),
  score_kind: scoreKindSchema,
  feedback: feedbackViewSchema,
  metric_name: z.string(),
  higher_is_better: z.boolean(),
  baseline: z
    .number()
    .nullable()
    .describe("The baseline's score of the same kind; null until measured"),
  beats_baseline: z
    .boolean()
    .nullable()
    .describe("Whether `score` beats `baseline`; null without a score or a baseline"),
  used_today: z
    .number()
    .int()
    .describe("Submissions to this challenge since the day began (UTC); failed ones do not count"),
  daily_limit: z
    .number()
    .int()
    .describe("The team's daily limit on this challenge, resolved as /api/submit enforces it"),
  remaining_today: z
    .number()
    .int()
    .min(0)
    .describe(
      "Submissions the team may still make to this challenge today (daily_limit − used_today, at least 0): what /api/submit's remaining_today would say before this team's next submission",
    ),
  resets_at: z.string().describe("When used_today returns to 0 (the next UTC midnight)"),
  counted: z
    .boolean()
    .describe(
      "Whether the team is ranked on this challenge yet: active, with a counted scored submission",
    ),
  submissions: z.number().int().describe("All the team's submissions to this challenge"),
  expected_rows: z
    .number()
    .int()
    .nullable()
    .describe(
      "Rows a submission must have (one per test row); null while the answers are not loaded",
    ),
  last_submitted_at: z.string().nullable(),
});
export type ChallengeSummary = z.infer<typeof challengeSummarySchema>;

/**
 * `GET /api/submissions/summary`: one entry per challenge, in the competition's order, with the
 * team's quota on each and whether submissions are paused: what a client asks before an upload
 * (docs/notes/issue-33-participant-clock.md).
 */
export const submissionSummaryResponseSchema = z.object({
  challenges: z.array(challengeSummarySchema),
  submissions_paused: z
    .boolean()
    .describe(
      "Whether the organizers have paused submissions (/api/submit answers 503 submission.paused)",
    ),
  pause_message: z
    .string()
    .nullable()
    .describe(
      "The organizers' message while paused (the default sentence when none was set); null when not paused",
    ),
});
export type SubmissionSummaryResponse = z.infer<typeof submissionSummaryResponseSchema>;

/** `details` of a 429 `submission.daily_limit` answer: the limit reached and when it resets. */
export const dailyLimitDetailsSchema = z.object({
  daily_limit: z.number().int().describe("The team's daily limit on the challenge"),
  used_today: z.number().int().describe("Submissions counted toward it today (UTC)"),
  resets_at: z.string().describe("When the count returns to 0 (the next UTC midnight), ISO 8601"),
});
export type DailyLimitDetails = z.infer<typeof dailyLimitDetailsSchema>;

const utcMidnight = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** The `error` of a 429 `submission.daily_limit` answer (clients branch on the code, not this). */
export const dailyLimitMessage = (limit: number, challengeKey: string, resetsAt: Date) =>
  `Daily limit reached: ${limit} submissions per day for ${challengeKey}. It resets at 00:00 UTC on ${utcMidnight.format(resetsAt)}.`;

/** How many of a challenge's best-scoring submissions `final-candidates` lists. */
export const FINAL_CANDIDATES_BEST = 5;
/** How many of a challenge's newest submissions `final-candidates` lists. */
export const FINAL_CANDIDATES_NEWEST = 3;

/** One challenge of `GET /api/submissions/final-candidates`. */
export const finalCandidatesChallengeSchema = z.object({
  challenge_key: z.string(),
  domain: z.string(),
  challenge: z.number().int(),
  title: z.string(),
  limit: z.number().int().describe("How many of its submissions may be marked final"),
  marked: z.number().int().describe("How many are marked final now"),
  eligible: z
    .number()
    .int()
    .describe("The team's submissions to it that may be marked final (scored and counted)"),
  candidates: z
    .array(submissionHistoryItemSchema)
    .describe(
      `Newest first: every marked one, the ${FINAL_CANDIDATES_BEST} best by the score the team is shown, and the ${FINAL_CANDIDATES_NEWEST} newest`,
    ),
});
export type FinalCandidatesChallenge = z.infer<typeof finalCandidatesChallengeSchema>;

/**
 * `GET /api/submissions/final-candidates`: what the dashboard's final-pick card lists, per
 * challenge the team has a submission that may be marked final (scored and counted), in the
 * competition's order. Any other eligible submission can still be marked by its id.
 */
export const finalCandidatesResponseSchema = z.object({
  challenges: z.array(finalCandidatesChallengeSchema),
});
export type FinalCandidates = z.infer<typeof finalCandidatesResponseSchema>;

/** `GET`/`PUT /api/notifications/preferences`: the signed-in user's own e-mail choices. */
export const notificationPreferencesSchema = z.object({
  submission_problems: z
    .boolean()
    .describe(
      "E-mail when a team submission fails for a platform reason or stays unscored past the threshold",
    ),
  daily_digest: z.boolean().describe("One e-mail a day listing the team's scored submissions"),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Routes list it for their error statuses; the one definition is the envelope's. */
export { errorEnvelopeSchema as errorResponseSchema } from "./error-codes";
