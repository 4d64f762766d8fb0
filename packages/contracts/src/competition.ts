import { z } from "zod";
import { teamStatusSchema } from "./teams";

/**
 * What a challenge's submission must look like, as the server validates it
 * (`packages/scoring/src/parse-submission.ts`): published in `GET /api/competition/domains` so
 * clients read the format instead of guessing it from the task text.
 */
export const challengeTargetSchema = z.object({
  kind: z
    .enum(["label", "numeric", "ranking"])
    .describe(
      "label: one of `labels`; numeric: a finite number; ranking: `list_length` distinct items",
    ),
  column: z
    .string()
    .describe("The first prediction column (for a ranking, the best-ranked item's column)"),
  labels: z
    .array(z.string())
    .optional()
    .describe("label only: the accepted labels (0/1 sets also take 1.0, True, ...)"),
  list_length: z
    .number()
    .int()
    .optional()
    .describe("ranking only: how many distinct items each row ranks, best first"),
  eligible_items: z
    .object({ file: z.string(), column: z.string() })
    .optional()
    .describe("ranking only: the public data file and column naming the items a ranking may use"),
});

export const challengeFormatSchema = z.object({
  header: z.array(z.string()).describe("The exact submission header, in order"),
  id_columns: z.array(z.string()).describe("Leading header columns that identify a row"),
  target: challengeTargetSchema,
});

export type ChallengeTarget = z.infer<typeof challengeTargetSchema>;
export type ChallengeFormat = z.infer<typeof challengeFormatSchema>;

/** One public file of a domain. */
export const domainFileSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** `/static/{slug}/{name}` */
  url: z.string(),
  columns: z.record(z.string(), z.string()).optional(),
});

export const domainChallengeSchema = z.object({
  number: z.number().int(),
  key: z.string(),
  title: z.string(),
  metric_name: z.string(),
  higher_is_better: z.boolean(),
  submission_format: z.string(),
  task_description: z.string(),
  dataset_description: z.string(),
  task: z.string(),
  files: z.array(z.string()),
  /** Header row first. */
  sample_data: z.array(z.array(z.string())),
  baseline: z
    .number()
    .nullable()
    .describe("The baseline notebook's score on this deployment's data; null until measured"),
  baseline_notebook_url: z.string(),
  sample_submission_url: z.string(),
  format: challengeFormatSchema.describe(
    "The submission format the server validates: header, id columns and target",
  ),
});

/** A domain's content (docs/product.md#domain-pages), with the URLs of the domain's files. */
export const competitionDomainSchema = z.object({
  name: z.string(),
  slug: z.string(),
  folder: z.string(),
  route: z.string(),
  color: z.string(),
  background: z.string(),
  overview: z.string(),
  files_url: z.string(),
  data_files: z.array(domainFileSchema),
  challenges: z.array(domainChallengeSchema),
});

/** `GET /api/competition/domains`: the names usable in `/api/submit`, formats and page content. */
export const competitionDomainsResponseSchema = z.object({
  domains: z.array(competitionDomainSchema),
});

export type DomainFile = z.infer<typeof domainFileSchema>;
export type DomainChallenge = z.infer<typeof domainChallengeSchema>;
export type CompetitionDomain = z.infer<typeof competitionDomainSchema>;

/** `POST /api/competition/start` (organizers) names the team to activate in headers. */
export const startCompetitionHeadersSchema = z.object({
  "x-team-id": z.string().trim().uuid("X-Team-ID must be a team ID"),
  "x-api-key": z.string().trim().optional(),
  "x-team-name": z.string().trim().optional(),
});

export const startCompetitionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  team_id: z.string(),
  team_name: z.string(),
  status: teamStatusSchema,
  activated_at: z.string().nullable(),
});
export type StartCompetitionResponse = z.infer<typeof startCompetitionResponseSchema>;
