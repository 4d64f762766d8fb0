import { z } from "zod";

/** `POST /api/admin/competition/reveal` and `GET /api/admin/competition/reveal`. */
export const revealResponseSchema = z.object({
  revealed: z.boolean().describe("Whether the final (private) standings are shown to everyone"),
  revealed_at: z.iso.datetime().nullable(),
  revealed_by: z
    .object({ id: z.string(), username: z.string() })
    .nullable()
    .describe("The organizer who revealed (null before the reveal, or if the account is gone)"),
  standings: z.enum(["public", "final"]).describe("What leaderboards and submission scores show"),
});
export type RevealResponse = z.infer<typeof revealResponseSchema>;

/** The columns of `GET /api/admin/competition/shake-up.csv`, in order. */
export const SHAKE_UP_COLUMNS = [
  "scope",
  "team_id",
  "team_name",
  "public_rank",
  "private_rank",
  "rank_change",
] as const;

export const shakeUpCsvSchema = z
  .string()
  .describe(
    `CSV, one row per team per scope ("overall", then each domain's slug): ${SHAKE_UP_COLUMNS.join(", ")}. rank_change = public_rank - private_rank (positive: moved up).`,
  );
