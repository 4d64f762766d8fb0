import { z } from "zod";
import { messageResponseSchema } from "./common";
import { SUBMISSION_STATUSES, TEAM_ROLES, TEAM_STATUSES } from "./rules";
import { activationTextSchema } from "./teams";

/** The most rows one page of an organizers' list holds. */
export const ADMIN_PAGE_MAX = 200;
/** The most teams one bulk activation names. */
export const ADMIN_ACTIVATE_MAX = 500;
export const DISQUALIFICATION_REASON_MAX_LENGTH = 500;
/** The range of a team's own daily limit per challenge. */
export const TEAM_DAILY_LIMIT_MAX = 10_000;

const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(ADMIN_PAGE_MAX)
  .default(50)
  .describe(`Rows per page, 1..${ADMIN_PAGE_MAX}`);
const cursor = z
  .string()
  .trim()
  .max(300)
  .optional()
  .describe("`next_cursor` of the previous page, unchanged");
const search = (what: string) =>
  z.string().trim().max(100).optional().describe(`Case-insensitive substring of ${what}`);
const nextCursor = z
  .string()
  .nullable()
  .describe("Pass as `cursor` for the next page; null on the last page");
const timestamp = z.iso.datetime();
const uuidParam = (what: string) => z.uuid(`${what} must be a UUID`);

// Overview

/** The most waiting teams the overview lists; the teams list has every one. */
export const OVERVIEW_WAITING_MAX = 20;

/** A team waiting for activation (issue 33), as the overview lists it. */
export const adminWaitingTeamSchema = z.object({
  team_id: z.string(),
  team_name: z.string(),
  members: z.number().int(),
  requested_at: timestamp,
  message: z.string().nullable().describe("What the team wrote with its request"),
});
export type AdminWaitingTeam = z.infer<typeof adminWaitingTeamSchema>;

export const adminOverviewSchema = z.object({
  activation_requests: z.object({
    total: z.number().int().describe("Teams waiting for an answer to their activation request"),
    teams: z
      .array(adminWaitingTeamSchema)
      .describe(`The ${OVERVIEW_WAITING_MAX} that have waited longest, the oldest request first`),
  }),
  users: z.object({ total: z.number().int() }),
  teams: z.object({
    active: z.number().int().describe("Active and not disqualified"),
    inactive: z.number().int().describe("Not activated yet (or deactivated), not disqualified"),
    disqualified: z.number().int(),
  }),
  submissions: z.object({
    today: z.number().int().describe("Made since 00:00 UTC"),
    total: z.number().int(),
  }),
  queue: z.object({
    depth: z.number().int().describe("Submissions queued or being scored"),
    oldest_unscored_age_seconds: z
      .number()
      .int()
      .nullable()
      .describe("Age of the oldest queued or scoring submission; null when none"),
    failures_last_hour: z.number().int().describe("Submissions that failed on the platform"),
  }),
  links: z.object({
    teams: z.string(),
    users: z.string(),
    submissions: z.string(),
    audit: z.string(),
  }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

// Teams

/** A team's standing in the console: disqualification outranks the activation status. */
export const ADMIN_TEAM_STANDINGS = ["active", "inactive", "disqualified"] as const;
export const ADMIN_TEAM_SORTS = [
  "name",
  "status",
  "members",
  "submissions",
  "last_submission",
] as const;
export type AdminTeamSort = (typeof ADMIN_TEAM_SORTS)[number];
export const ADMIN_SORT_ORDERS = ["asc", "desc"] as const;

export const adminTeamsQuerySchema = z.object({
  query: search("the team's name"),
  status: z.enum(ADMIN_TEAM_STANDINGS).optional(),
  flagged: z
    .enum(["true"])
    .optional()
    .describe("`true`: only teams with at least one flag (see `flags`)"),
  sort: z.enum(ADMIN_TEAM_SORTS).default("name"),
  order: z.enum(ADMIN_SORT_ORDERS).default("asc"),
  limit,
  cursor,
});
export type AdminTeamsQuery = z.input<typeof adminTeamsQuerySchema>;

// Flags (issue 30): evidence for the organizers' judgement, never acted on by the platform.

/**
 * The most teams that may share one file for it to be flagged. A file sent by more teams is
 * one many have (the shipped baseline notebook's output, the sample submission, all zeros):
 * flagging every pair of them would drown the few teams that copy from each other.
 */
export const IDENTICAL_PREDICTIONS_MAX_TEAMS = 3;

const flaggedAccountSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  signed_up_at: timestamp,
  team: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .describe("The account's team; null: in none"),
});

export const duplicateParticipantFlagSchema = z
  .object({
    kind: z.literal("duplicate_participant"),
    email_key: z.string().describe("The normalised address the accounts share"),
    accounts: z
      .array(flaggedAccountSchema)
      .describe("Every account with that normalised address, the earliest sign-up first"),
  })
  .describe(
    "Accounts whose e-mail addresses are one mailbox in another form (case, +tag, Gmail's dots), at least one in this team: made before sign-up refused them",
  );

export const identicalPredictionsFlagSchema = z
  .object({
    kind: z.literal("identical_predictions"),
    challenge_key: z.string(),
    teams_sharing: z
      .number()
      .int()
      .describe(
        `Live teams that sent these predictions, this one included (2 to ${IDENTICAL_PREDICTIONS_MAX_TEAMS})`,
      ),
    scores_as_baseline: z
      .boolean()
      .describe(
        "The file scores exactly as the challenge's baseline on both parts: likely the baseline's own output",
      ),
    submissions: z
      .array(z.object({ id: z.string(), created_at: timestamp }))
      .describe("This team's submissions with these predictions, oldest first"),
    others: z
      .array(
        z.object({
          team_id: z.string(),
          team_name: z.string(),
          submission_id: z.string(),
          created_at: timestamp,
        }),
      )
      .describe("Other teams' submissions with the same predictions, oldest first"),
  })
  .describe(
    "Another team sent the same predictions to the challenge: the same value for every row (the normalised content hash), whatever the file's formatting",
  );

export const adminTeamFlagSchema = z.discriminatedUnion("kind", [
  duplicateParticipantFlagSchema,
  identicalPredictionsFlagSchema,
]);
export type AdminTeamFlag = z.infer<typeof adminTeamFlagSchema>;

export const adminTeamRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(TEAM_STATUSES).describe("Activation status (a disqualified team keeps its own)"),
  standing: z.enum(ADMIN_TEAM_STANDINGS),
  disqualified: z.boolean(),
  disqualified_at: timestamp.nullable(),
  disqualification_reason: z.string().nullable(),
  members: z.number().int(),
  submissions: z.number().int(),
  last_submission_at: timestamp.nullable(),
  activated_at: timestamp.nullable(),
  created_at: timestamp,
  daily_limit: z
    .number()
    .int()
    .nullable()
    .describe("This team's own daily limit per challenge; null: the competition's"),
  activation_request: z
    .object({
      state: z.enum(["waiting", "declined"]),
      requested_at: timestamp,
      message: z.string().nullable(),
      declined_at: timestamp.nullable(),
      decline_reason: z.string().nullable(),
    })
    .nullable()
    // Always sent; optional in the type so fixtures written before issue 33 still type-check.
    .optional()
    .describe("The team's activation request (issue 33); null when none is open or declined"),
  flags: z
    .array(adminTeamFlagSchema)
    .describe("Signs for the organizers to look into (never acted on automatically)"),
});
export type AdminTeamRow = z.infer<typeof adminTeamRowSchema>;

export const adminTeamsPageSchema = z.object({
  teams: z.array(adminTeamRowSchema),
  next_cursor: nextCursor,
});
export type AdminTeamsPage = z.infer<typeof adminTeamsPageSchema>;

export const adminTeamParamsSchema = z.object({ id: uuidParam("Team id") });
export const adminTeamMemberParamsSchema = z.object({
  id: uuidParam("Team id"),
  userId: uuidParam("User id"),
});

export const adminTeamDetailSchema = adminTeamRowSchema.extend({
  team_members: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      email: z.string(),
      role: z.enum(TEAM_ROLES),
      joined_at: timestamp,
    }),
  ),
  challenges: z.array(
    z.object({
      challenge_key: z.string(),
      submissions: z.number().int(),
      best_public_score: z
        .number()
        .nullable()
        .describe("Best public score among its counted, scored submissions"),
    }),
  ),
  latest_submissions: z
    .array(
      z.object({
        id: z.string(),
        challenge_key: z.string(),
        status: z.enum(SUBMISSION_STATUSES),
        public_score: z.number().nullable(),
        counted: z.boolean(),
        submitted_via: z.string(),
        error_message: z.string().nullable(),
        created_at: timestamp,
        scored_at: timestamp.nullable(),
      }),
    )
    .describe("The latest 50, newest first"),
});
export type AdminTeamDetail = z.infer<typeof adminTeamDetailSchema>;

export const adminActivateTeamsRequestSchema = z.object({
  team_ids: z
    .array(uuidParam("Each team id"))
    .min(1, "Name at least one team")
    .max(ADMIN_ACTIVATE_MAX, `At most ${ADMIN_ACTIVATE_MAX} teams at once`),
});
export const ADMIN_ACTIVATION_OUTCOMES = ["activated", "already_active", "not_found"] as const;
export const adminActivateTeamsResponseSchema = z.object({
  results: z.array(z.object({ team_id: z.string(), outcome: z.enum(ADMIN_ACTIVATION_OUTCOMES) })),
});
export type AdminActivateTeamsResponse = z.infer<typeof adminActivateTeamsResponseSchema>;

export const adminDisqualifyRequestSchema = z.object({
  reason: z
    .string({ error: "A reason is required" })
    .trim()
    .min(1, "A reason is required")
    .max(
      DISQUALIFICATION_REASON_MAX_LENGTH,
      `The reason is at most ${DISQUALIFICATION_REASON_MAX_LENGTH} characters`,
    ),
});

/** Declining a team's activation request; the reason is optional and shown to the team. */
export const adminDeclineActivationRequestSchema = z
  .object({
    reason: activationTextSchema("reason"),
  })
  .nullish()
  .describe("Optional: a request without a body declines with no reason");

export const adminTeamUpdateRequestSchema = z.object({
  daily_limit: z
    .number({ error: "daily_limit must be a whole number or null" })
    .int("daily_limit must be a whole number")
    .min(1, "daily_limit is at least 1")
    .max(TEAM_DAILY_LIMIT_MAX, `daily_limit is at most ${TEAM_DAILY_LIMIT_MAX}`)
    .nullable()
    .describe("The team's own daily limit per challenge; null: the competition's"),
});

/** The team as it is after an action; `changed` is false when it already was so. */
export const adminTeamActionResponseSchema = z.object({
  changed: z.boolean(),
  team: adminTeamRowSchema,
});
export type AdminTeamActionResponse = z.infer<typeof adminTeamActionResponseSchema>;

export const adminRemoveMemberResponseSchema = z.object({
  team_id: z.string(),
  user_id: z.string(),
  ended: z
    .enum(["dissolved", "deleted"])
    .nullable()
    .describe("The team ended with its last member: dissolved (kept) or deleted; null: it goes on"),
});

/** Nothing secret: the members read the new key on their dashboard. */
export const adminRotateKeyResponseSchema = messageResponseSchema;

// Users

export const ADMIN_USER_STATUSES = ["active", "disabled"] as const;

export const adminUsersQuerySchema = z.object({
  query: search("the username, e-mail or name"),
  admin: z.enum(["true", "false"]).optional().describe("Only organizers (true) or only others"),
  status: z.enum(ADMIN_USER_STATUSES).optional(),
  limit,
  cursor,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  admin_access: z.boolean(),
  status: z.string(),
  created_at: timestamp,
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserRowSchema),
  next_cursor: nextCursor.describe("Newest first: pass as `cursor` for older accounts"),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminUserParamsSchema = z.object({ id: uuidParam("User id") });
export const adminSetAdminRequestSchema = z.object({
  admin_access: z.boolean({ error: "admin_access must be true or false" }),
});
export const adminUserActionResponseSchema = z.object({
  changed: z.boolean(),
  user: adminUserRowSchema,
});
export type AdminUserActionResponse = z.infer<typeof adminUserActionResponseSchema>;

// Audit log

export const adminAuditQuerySchema = z.object({
  action: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe("Exactly this action (`team.disqualify`; AUDIT_ACTIONS lists them)"),
  actor: z.string().trim().max(320).optional().describe("The actor's user id or e-mail"),
  target_type: z.string().trim().max(100).optional(),
  target_id: z.string().trim().max(200).optional(),
  since: z.iso.datetime({ offset: true }).optional().describe("At or after this time"),
  until: z.iso.datetime({ offset: true }).optional().describe("Before this time"),
  limit,
  cursor,
});
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string(),
  actor_name: z
    .string()
    .nullable()
    .describe("The acting account's user name now; null for the operator or a deleted account"),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  target_name: z
    .string()
    .nullable()
    .describe("The target team's name or the target user's e-mail now; null for other targets"),
  before: z.unknown(),
  after: z.unknown(),
  created_at: timestamp,
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditPageSchema = z.object({
  entries: z.array(adminAuditEntrySchema),
  next_cursor: nextCursor.describe("Newest first: pass as `cursor` for older entries"),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;
