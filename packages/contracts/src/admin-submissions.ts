import { z } from "zod";
import {
  olderSubmissionsCursorSchema,
  submissionStatusSchema,
  submissionsPageSchema,
  submittedBySchema,
} from "./submissions";

/*
 * The organizers' view of submissions (`/api/admin/submissions...`), their rescoring and the
 * CSV exports. Organizers see both scores of every submission, whatever the reveal.
 */

/** How many submissions one page of the organizers' list holds at most. */
export const ADMIN_SUBMISSIONS_PAGE_MAX = 500;

const challengeKeySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]+\/\d{1,2}$/, "challenge must be a challenge key, like insurance/1")
  .describe("A challenge key, like insurance/1");

export const adminSubmissionsQuerySchema = z.object({
  team: z.uuid("team must be a team id (a UUID)").optional().describe("Only this team's"),
  challenge: challengeKeySchema.optional(),
  status: submissionStatusSchema.optional().describe("Only submissions in this status"),
  since: z.iso
    .datetime({ offset: true, error: "since must be an ISO date-time" })
    .optional()
    .describe("Only submissions made at or after this time"),
  until: z.iso
    .datetime({ offset: true, error: "until must be an ISO date-time" })
    .optional()
    .describe("Only submissions made before this time"),
  limit: z.coerce.number().int().min(1).max(ADMIN_SUBMISSIONS_PAGE_MAX).default(50),
  cursor: olderSubmissionsCursorSchema,
});
export type AdminSubmissionsQuery = z.input<typeof adminSubmissionsQuerySchema>;

export const adminSubmissionSchema = z.object({
  id: z.string(),
  team: z.object({ id: z.string(), name: z.string() }),
  challenge_key: z.string(),
  status: submissionStatusSchema,
  metric_name: z.string(),
  public_score: z.number().nullable().describe("The score on the public part of the test rows"),
  private_score: z.number().nullable().describe("The score on the private part"),
  counted: z.boolean().describe("Made while the team was active and inside the window"),
  final: z.boolean().describe("Marked by the team as one of its final submissions"),
  row_count: z.number().int(),
  error: z.string().nullable(),
  note: z.string().nullable(),
  submitted_by: submittedBySchema,
  attempts: z.number().int().describe("Scoring runs so far (every claim counts one)"),
  created_at: z.string(),
  scored_at: z.string().nullable(),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;

/** `GET /api/admin/submissions`: every team's submissions, newest first, one page. */
export const adminSubmissionsPageSchema = submissionsPageSchema(adminSubmissionSchema);
export type AdminSubmissionsPage = z.infer<typeof adminSubmissionsPageSchema>;

/** `GET /api/admin/submissions/{id}`: the list's fields and the scoring run's particulars. */
export const adminSubmissionDetailSchema = adminSubmissionSchema.extend({
  validation_errors: z.array(z.string()),
  answers_version: z
    .number()
    .int()
    .nullable()
    .describe("The answers' version it was scored against (null: not scored)"),
  current_answers_version: z.number().int().nullable(),
  claimed_at: z.string().nullable().describe("When the current scoring run took it"),
  seconds_to_score: z.number().nullable().describe("From created_at to scored_at"),
});
export type AdminSubmissionDetail = z.infer<typeof adminSubmissionDetailSchema>;

export const adminSubmissionParamsSchema = z.object({
  id: z.uuid("Submission id must be a UUID"),
});

/** `POST /api/admin/submissions/{id}/invalidate` */
export const invalidateSubmissionRequestSchema = z.object({
  reason: z
    .string({ error: "reason is required" })
    .trim()
    .min(1, "reason is required")
    .max(500, "reason must be at most 500 characters")
    .describe("Shown to the team as the submission's error"),
});

/** `/api/admin/challenges/{key}/rescore`: the key with its slash URL-encoded (`insurance%2F1`). */
export const challengeRescoreParamsSchema = z.object({ key: challengeKeySchema });

/** `POST /api/admin/challenges/{key}/rescore` and `POST /api/admin/submissions/retry-failed`. */
export const requeuedResponseSchema = z.object({
  queued: z.number().int().describe("How many submissions went back into the scoring queue"),
  challenge_key: z.string().nullable(),
});
export type RequeuedResponse = z.infer<typeof requeuedResponseSchema>;

/** `POST /api/admin/submissions/retry-failed`: every failed one, or one challenge's. */
export const retryFailedRequestSchema = z
  .object({ challenge_key: challengeKeySchema.optional() })
  .nullish();

const scoreMoveSchema = z.object({
  submission_id: z.string(),
  team: z.object({ id: z.string(), name: z.string() }),
  public_before: z.number().nullable(),
  public_after: z.number().nullable(),
  private_before: z.number().nullable(),
  private_after: z.number().nullable(),
  status: submissionStatusSchema,
});

const rankMoveSchema = z.object({
  team: z.object({ id: z.string(), name: z.string() }),
  rank_before: z.number().int().nullable().describe("Null: the team had no result before"),
  rank_after: z.number().int().nullable().describe("Null: the team has no result now"),
});

/** `GET /api/admin/challenges/{key}/rescore`: the latest rescore of the challenge, and what moved. */
export const challengeRescoreProgressSchema = z.object({
  challenge_key: z.string(),
  started_at: z.string(),
  started_by: z.string().describe("The organizer's e-mail"),
  total: z.number().int(),
  remaining: z.number().int().describe("Still queued or being scored"),
  done: z.number().int(),
  scores_changed: z.object({
    count: z.number().int().describe("Rescored submissions whose public or private score changed"),
    largest: z.array(scoreMoveSchema).describe("The largest changes, largest first (at most 10)"),
  }),
  ranks_changed: z
    .array(rankMoveSchema)
    .describe(
      "Teams whose rank on the challenge differs from before the rescore, in the standings shown now",
    ),
});
export type ChallengeRescoreProgress = z.infer<typeof challengeRescoreProgressSchema>;

/** The columns of `GET /api/admin/exports/standings.csv`, in order. */
export const STANDINGS_EXPORT_COLUMNS = [
  "scope",
  "rank",
  "team_id",
  "team_name",
  "score",
  "prize_position",
  "beats_baseline",
] as const;

/** The columns of `GET /api/admin/exports/teams.csv`, in order (one row per member). */
export const TEAMS_EXPORT_COLUMNS = [
  "team_id",
  "team_name",
  "status",
  "disqualified",
  "disqualification_reason",
  "activated_at",
  "member_username",
  "member_email",
  "member_role",
  "flags",
] as const;

/** The columns of `GET /api/admin/exports/submissions.csv`, in order. */
export const SUBMISSIONS_EXPORT_COLUMNS = [
  "submission_id",
  "team_id",
  "team_name",
  "challenge_key",
  "status",
  "metric_name",
  "public_score",
  "private_score",
  "counted",
  "final",
  "row_count",
  "error",
  "note",
  "submitted_via",
  "submitted_by",
  "attempts",
  "answers_version",
  "created_at",
  "scored_at",
] as const;

const csv = (what: string, columns: readonly string[]) =>
  z
    .string()
    .describe(
      `CSV (a header, then ${what}): ${columns.join(", ")}. Cells a spreadsheet would run as a formula start with '.`,
    );

export const standingsCsvSchema = csv(
  'one row per team per scope: "overall", then each domain\'s slug, from the standings shown now (public before the reveal, final after). prize_position is the rank for ranks 1-10 of a team with a result (in a domain only when the team beats the baseline on every challenge), else empty; beats_baseline is empty on overall rows',
  STANDINGS_EXPORT_COLUMNS,
);
export const teamsCsvSchema = csv(
  "one row per member of every team (a team without members has one row with empty member cells); flags: the team's flags in words with their evidence (likely duplicate participants, predictions identical to another team's), \" | \" between two, empty when none; for the organizers' judgement",
  TEAMS_EXPORT_COLUMNS,
);
export const submissionsCsvSchema = csv(
  "one row per submission, newest first; no files",
  SUBMISSIONS_EXPORT_COLUMNS,
);
