import { z } from "zod";

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
