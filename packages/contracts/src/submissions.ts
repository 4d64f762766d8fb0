import { z } from "zod";
import { SUBMISSION_STATUSES } from "./rules";

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

const finalFlagSchema = z
  .boolean()
  .describe("Marked by the team as one of its final submissions for the challenge");

export const submitResponseSchema = z.object({
  success: z.boolean(),
  score: z.number().nullable().describe("See score_kind"),
  score_kind: scoreKindSchema,
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

export const submissionParamsSchema = z.object({
  id: z.string().uuid("Submission id must be a UUID"),
});

export const submissionHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  domain: z.string().trim().max(100).optional(),
});

export const submissionHistoryItemSchema = z.object({
  submission_id: z.string(),
  domain: z.string(),
  challenge: z.number().int(),
  challenge_key: z.string(),
  status: z.string(),
  score: z.number().nullable().describe("See score_kind"),
  score_kind: scoreKindSchema,
  final: finalFlagSchema,
  metric_name: z.string(),
  counted: z.boolean(),
  row_count: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  scored_at: z.string().nullable(),
  scored_on_earlier_answers: z.boolean(),
});

/** `GET /api/submissions/history`: the team's submissions, newest first. */
export const submissionHistoryResponseSchema = z.object({
  submissions: z.array(submissionHistoryItemSchema),
});
export type SubmissionHistoryItem = z.infer<typeof submissionHistoryItemSchema>;

/** Routes list it for their error statuses; the one definition is the envelope's. */
export { errorEnvelopeSchema as errorResponseSchema } from "./error-codes";
