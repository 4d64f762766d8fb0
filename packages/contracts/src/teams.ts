import { z } from "zod";
import { MESSAGES } from "./messages";
import { missing } from "./required";
import { TEAM_MESSAGES } from "./team-messages";

/** What the team-name input does as a person types (SPEC.md §5). */
export function sanitizeTeamNameInput(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "");
}

export const teamNameSchema = z
  .string({ error: missing(MESSAGES.teamNameRequired) })
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: "custom", message: MESSAGES.teamNameRequired });
    else if (value.trim().length === 0) {
      ctx.addIssue({ code: "custom", message: MESSAGES.teamNameWhitespace });
    } else if (!/^[a-z0-9-]+$/.test(value)) {
      ctx.addIssue({ code: "custom", message: MESSAGES.teamNameCharset });
    } else if (value.length > 64) {
      ctx.addIssue({ code: "custom", message: "Team name must be at most 64 characters" });
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

export const memberSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(["creator", "owner", "member"]),
  joined_at: z.string(),
});

export const teamSchema = z.object({
  id: z.string(),
  team_id: z.string(),
  team_name: z.string(),
  api_key: z.string(),
  /** What a new member types to join; secret to the team, unlike its ID. */
  invite_code: z.string(),
  status: z.enum(["inactive", "active"]),
  created_at: z.string(),
  activated_at: z.string().nullable(),
  total_score: z.number(),
  members: z.array(memberSchema),
  member_count: z.number().int(),
  /** The most members a team may have (TEAM_MAX_MEMBERS). */
  max_members: z.number().int(),
  user_role: z.enum(["creator", "owner", "member"]),
});
export type TeamView = z.infer<typeof teamSchema>;
