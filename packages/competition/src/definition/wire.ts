import { z } from "zod";
import { definitionSchema, leaderboardVisibilitySchema } from "./schema";

/** The API's shapes for the competition definition (`/api/competition`, `/api/admin/competition`). */

export const PHASE_STATES = [
  "registration",
  "practice",
  "open",
  "closed",
  "revealed",
  "archived",
] as const;

export const competitionStatusSchema = z.object({
  state: z.enum(PHASE_STATES).describe("Where the competition stands on the clock"),
  phase: z
    .object({ id: z.string(), name: z.string(), counts: z.boolean() })
    .nullable()
    .describe("The scored phase in force, if any"),
  ends_at: z.iso
    .datetime()
    .nullable()
    .describe("When this state ends by the clock; null when only the reveal ends it, or never"),
  revealed: z.boolean(),
});
export type CompetitionStatusView = z.infer<typeof competitionStatusSchema>;

/** `GET /api/competition`: the active definition as every page follows it, and the clock. */
export const publicCompetitionSchema = z.object({
  version: z.number().int().min(0).describe("The definition version in force; 0: the default"),
  definition: definitionSchema.describe(
    "The active definition with the deployment's overrides of the main phase applied",
  ),
  leaderboard_visibility: leaderboardVisibilitySchema.describe(
    "Who may see the leaderboards (the definition's own setting): organizers only; participants (signed-in team members, besides organizers); public (everyone). Non-organizers see the official standings only",
  ),
  status: competitionStatusSchema,
});
export type PublicCompetition = z.infer<typeof publicCompetitionSchema>;

const overrideSource = z.enum(["environment", "settings"]).nullable();

/** `GET /api/admin/competition`: the stored definition an edit starts from. */
export const adminCompetitionSchema = z.object({
  version: z.number().int().min(0),
  definition: definitionSchema.describe("As stored, before the overrides"),
  overrides: z
    .object({ opens_at: overrideSource, closes_at: overrideSource })
    .describe("Main-phase dates set outside the definition (they win over it)"),
  status: competitionStatusSchema,
  /** Challenges with submissions: they cannot be removed, and their scoring changes need a rescore. */
  challenges_with_submissions: z.array(z.string()),
  updated_at: z.iso.datetime().nullable(),
  updated_by: z.string().nullable(),
});
export type AdminCompetition = z.infer<typeof adminCompetitionSchema>;

/** `PUT /api/admin/competition`. */
export const competitionUpdateSchema = z.object({
  version: z.number().int().min(0).describe("The version this edit started from"),
  definition: z.unknown().describe("The whole new definition (validated as a whole)"),
  rescore: z
    .boolean()
    .default(false)
    .describe("Rescore the challenges whose metric, target or split changes, in the same action"),
  dry_run: z
    .boolean()
    .default(false)
    .describe("Check and list the changes and their consequences without saving"),
});

export const competitionChangeSchema = z.object({
  path: z.string(),
  summary: z.string(),
  consequence: z.string().nullable(),
});
export type CompetitionChange = z.infer<typeof competitionChangeSchema>;

export const competitionUpdateResponseSchema = z.object({
  version: z.number().int(),
  saved: z.boolean(),
  changes: z.array(competitionChangeSchema),
  rescored: z.array(z.string()).describe("Challenge keys whose submissions were sent to rescoring"),
});

/** `GET /api/admin/competition/versions`. */
export const competitionVersionsSchema = z.object({
  versions: z.array(
    z.object({
      version: z.number().int(),
      source: z.enum(["default", "console", "import", "settings"]),
      changes: z.array(z.string()),
      created_at: z.iso.datetime().nullable(),
      created_by: z.string().nullable(),
    }),
  ),
});
