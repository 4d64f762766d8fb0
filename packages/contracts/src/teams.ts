import { z } from "zod";
import { messageResponseSchema } from "./common";
import { MESSAGES } from "./messages";
import { missing } from "./required";
import {
  ACTIVATION_MESSAGE_MAX_LENGTH,
  TEAM_NAME_CHARACTERS,
  TEAM_NAME_MAX_LENGTH,
  TEAM_ROLES,
  TEAM_STATUSES,
} from "./rules";
import { TEAM_MESSAGES } from "./team-messages";

export const teamStatusSchema = z.enum(TEAM_STATUSES);
export const teamRoleSchema = z.enum(TEAM_ROLES);

const TEAM_NAME = new RegExp(`^[${TEAM_NAME_CHARACTERS}]+$`);
const NOT_TEAM_NAME_CHARACTER = new RegExp(`[^${TEAM_NAME_CHARACTERS}]`, "g");

/** What the team-name input does as a person types (docs/product.md#team-names). */
export function sanitizeTeamNameInput(raw: string): string {
  return raw.toLowerCase().replace(/\s+/g, "-").replace(NOT_TEAM_NAME_CHARACTER, "");
}

export const teamNameSchema = z
  .string({ error: missing(MESSAGES.teamNameRequired) })
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: "custom", message: MESSAGES.teamNameRequired });
    else if (value.trim().length === 0) {
      ctx.addIssue({ code: "custom", message: MESSAGES.teamNameWhitespace });
    } else if (!TEAM_NAME.test(value)) {
      ctx.addIssue({ code: "custom", message: MESSAGES.teamNameCharset });
    } else if (value.length > TEAM_NAME_MAX_LENGTH) {
      ctx.addIssue({
        code: "custom",
        message: `Team name must be at most ${TEAM_NAME_MAX_LENGTH} characters`,
      });
    }
  });

export const createTeamRequestSchema = z.object({ team_name: teamNameSchema });

/** `team_id` is the SPEC's field name, kept for other clients; it carries the invite code. */
export const joinTeamRequestSchema = z.object({
  team_id: z
    .string({ error: TEAM_MESSAGES.inviteCodeRequired })
    .trim()
    .min(1, TEAM_MESSAGES.inviteCodeRequired)
    .max(100, "An invite code is at most 100 characters"),
});

export const removeMemberRequestSchema = z.object({
  user_id: z.uuid("user_id must be a member's user ID"),
});

/** The optional text of an activation request (its `message`) or of its decline (`reason`). */
export const activationTextSchema = (what: "message" | "reason") =>
  z
    .string({ error: `The ${what} must be text` })
    .trim()
    .max(
      ACTIVATION_MESSAGE_MAX_LENGTH,
      `The ${what} is at most ${ACTIVATION_MESSAGE_MAX_LENGTH} characters`,
    )
    .nullable()
    .optional();

/** Issue 33: `POST /api/teams/request-activation`; an empty or blank message is none. */
export const requestActivationRequestSchema = z
  .object({
    message: activationTextSchema("message").describe(
      "What the organizers should know (who you are, why now); optional",
    ),
  })
  .nullish()
  .describe("Optional: a request without a body asks with no message");
export type RequestActivationRequest = z.input<typeof requestActivationRequestSchema>;

/** The team's activation request as its members see it; null when none is open or declined. */
export const activationRequestViewSchema = z.object({
  state: z.enum(["waiting", "declined"]),
  requested_at: z.string(),
  message: z.string().nullable(),
  declined_at: z.string().nullable(),
  decline_reason: z
    .string()
    .nullable()
    .describe("The organizers' reason when declined; null when they gave none"),
});
export type ActivationRequestView = z.infer<typeof activationRequestViewSchema>;

export const memberSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  joined_at: z.string(),
});

export const teamSchema = z.object({
  id: z.string(),
  team_id: z.string(),
  team_name: z.string(),
  api_key: z.string(),
  /** What a new member types to join; secret to the team, unlike its ID. */
  invite_code: z.string(),
  status: teamStatusSchema,
  created_at: z.string(),
  activated_at: z.string().nullable(),
  // Always sent by the gateway; optional in the type only so views built before issue 19 (the
  // web's fixtures) still type-check.
  disqualified: z
    .boolean()
    .optional()
    .describe("Disqualified by the organizers: hidden from every ranking"),
  disqualification_reason: z
    .string()
    .nullable()
    .optional()
    .describe("The organizers' reason, shown on the team's dashboard; null unless disqualified"),
  // Always sent by the gateway; optional in the type for the same reason as `disqualified`.
  activation_request: activationRequestViewSchema
    .nullable()
    .optional()
    .describe("The team's activation request (issue 33); null when it has none open"),
  total_score: z.number(),
  members: z.array(memberSchema),
  member_count: z.number().int(),
  /** The most members a team may have (TEAM_MAX_MEMBERS). */
  max_members: z.number().int(),
  user_role: teamRoleSchema,
});
export type TeamView = z.infer<typeof teamSchema>;

/** `GET /api/teams`: the signed-in user's team, or none. */
export const teamsResponseSchema = z.object({ teams: z.array(teamSchema) });

export const createTeamResponseSchema = z.object({
  success: z.boolean(),
  team: teamSchema,
  message: z.string(),
});
export type CreateTeamResponse = z.infer<typeof createTeamResponseSchema>;

export const joinTeamResponseSchema = messageResponseSchema.extend({ team: teamSchema });
export type JoinTeamResponse = z.infer<typeof joinTeamResponseSchema>;

export const leaveTeamResponseSchema = messageResponseSchema;
export type LeaveTeamResponse = z.infer<typeof leaveTeamResponseSchema>;

export const rotateKeyResponseSchema = messageResponseSchema.extend({ api_key: z.string() });
export type RotateKeyResponse = z.infer<typeof rotateKeyResponseSchema>;

export const rotateInviteResponseSchema = messageResponseSchema.extend({
  invite_code: z.string(),
});
export type RotateInviteResponse = z.infer<typeof rotateInviteResponseSchema>;

/** Removing a member replaces the team's API key and invite code: the team view carries both. */
export const removeMemberResponseSchema = messageResponseSchema.extend({ team: teamSchema });
export type RemoveMemberResponse = z.infer<typeof removeMemberResponseSchema>;

export const requestActivationResponseSchema = messageResponseSchema.extend({ team: teamSchema });
export type RequestActivationResponse = z.infer<typeof requestActivationResponseSchema>;
