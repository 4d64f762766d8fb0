import { z } from "zod";

/**
 * Which results a leaderboard ranks (docs/adr/0009-public-private-split.md): `public` before the
 * organizers reveal, `final` (private results of the final submissions) after; `private` is the
 * organizers' preview of the final standings before the reveal (`?standings=private`).
 */
export const STANDINGS = ["public", "final", "private"] as const;
export const standingsSchema = z
  .enum(STANDINGS)
  .describe(
    "public: ranked on the public part of the test rows (before the reveal); final: ranked on the private part, using each team's final submissions (after the reveal); private: the organizers' preview of the final standings",
  );
export type Standings = z.infer<typeof standingsSchema>;

/** Beside a row of the private standings: where the team stands on the public ones. */
const shakeUpFields = {
  public_rank: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("The team's rank in the public standings (private and final standings only)"),
  rank_change: z
    .number()
    .int()
    .optional()
    .describe("public_rank minus rank: positive when the team moved up (private and final only)"),
};

/** `GET /api/leaderboard[/domain/:domain]?standings=private`: organizers' preview. */
export const leaderboardQuerySchema = z.object({
  standings: z
    .enum(["private"])
    .optional()
    .describe("private: preview the final standings (private results) before the reveal"),
});

/**
 * The leaderboard bodies (shapes: docs/product.md#records). The gateway sends them pre-serialized
 * from the rankings cache, so these schemas document the responses and are checked against real
 * bodies in tests; they are not run on each read.
 */
export const overallLeaderboardSchema = z.strictObject({
  leaderboard: z.array(
    z.strictObject({
      rank: z.number().int().min(1),
      team_id: z.string(),
      team_name: z.string(),
      total_score: z.number().describe("Sum of the six domain scores"),
      valid_submissions_total: z.number().int().min(0),
      time_used_seconds: z
        .number()
        .min(0)
        .describe("From the team's activation to its latest best result"),
      ...shakeUpFields,
    }),
  ),
  standings: standingsSchema,
  updated_at: z.iso.datetime().describe("When the rankings were computed"),
});

const challengeCellSchema = z.strictObject({
  metric_name: z.string(),
  metric_value: z.number().nullable(),
  score: z.number().describe("The challenge ranking score"),
  beats_baseline: z
    .boolean()
    .nullable()
    .describe("Null when the team has no result or the challenge no baseline"),
});

export const domainLeaderboardSchema = z.strictObject({
  domain: z.string(),
  slug: z.string(),
  challenge_columns: z.array(
    z.strictObject({
      key: z.string().describe("Challenge key, e.g. insurance/1"),
      number: z.number().int().min(1),
      title: z.string(),
      metric_name: z.string(),
      higher_is_better: z.boolean(),
      baseline: z.number().nullable(),
    }),
  ),
  baseline: z.strictObject({
    challenges: z.record(
      z.string(),
      z.strictObject({ metric_name: z.string(), metric_value: z.number().nullable() }),
    ),
  }),
  leaderboard: z.array(
    z.strictObject({
      rank: z.number().int().min(1),
      team_id: z.string(),
      team_name: z.string(),
      challenges: z.record(z.string(), challengeCellSchema).describe("Keyed by challenge key"),
      domain_score: z.number(),
      valid_submissions: z.number().int().min(0),
      beats_baseline: z
        .boolean()
        .describe("Beats the baseline on every challenge of the domain that has one"),
      ...shakeUpFields,
    }),
  ),
  standings: standingsSchema,
  updated_at: z.iso.datetime(),
});

/** `GET /api/leaderboard/domain/:domain` */
export const domainLeaderboardParamsSchema = z.object({
  domain: z.string().min(1).max(100).describe("Name or slug, any case or spacing"),
});

export type OverallLeaderboard = z.infer<typeof overallLeaderboardSchema>;
export type OverallLeaderboardRow = OverallLeaderboard["leaderboard"][number];
export type DomainLeaderboard = z.infer<typeof domainLeaderboardSchema>;
export type DomainLeaderboardRow = DomainLeaderboard["leaderboard"][number];
export type ChallengeColumn = DomainLeaderboard["challenge_columns"][number];
export type ChallengeResult = z.infer<typeof challengeCellSchema>;
