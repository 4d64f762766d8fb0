import {
  ACTIVATION_MAIL_KINDS,
  SCORE_KINDS,
  SUBMISSION_STATUSES,
  SUBMITTERS,
  TEAM_ROLES,
  TEAM_STATUSES,
} from "@tandem/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, id, oneOf, timestamptz } from "./columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** argon2id; null for accounts that only sign in with GitHub. */
    passwordHash: text("password_hash"),
    githubId: text("github_id"),
    isStudent: boolean("is_student").notNull().default(false),
    position: text("position").notNull().default(""),
    area: text("area").notNull().default(""),
    gradYear: integer("grad_year"),
    eligible: boolean("eligible").notNull().default(true),
    ineligibilityType: text("ineligibility_type"),
    adminAccess: boolean("admin_access").notNull().default(false),
    status: text("status").notNull().default("active"),
    /**
     * When the owner of the address proved it (a completed password reset, or an address GitHub
     * verified). Null for a self-declared address: GitHub sign-in must not inherit its password.
     */
    emailVerifiedAt: timestamptz("email_verified_at"),
    /** E-mail when a team submission fails on the platform or stays unscored (opt-out). */
    notifySubmissionProblems: boolean("notify_submission_problems").notNull().default(true),
    /** One e-mail a day with the team's scored submissions (opt-in). */
    notifyDailyDigest: boolean("notify_daily_digest").notNull().default(false),
    /** Announcements by e-mail (opt-out, also by the unsubscribe link in each). */
    notifyAnnouncements: boolean("notify_announcements").notNull().default(true),
    /**
     * The address as compared for "one person, one account" (lower case, no `+tag`, Gmail's dots
     * ignored: see the normalising function). Null only for an account made before the rule
     * whose address collides with an earlier one: the organizers' console flags it.
     */
    emailKey: text("email_key"),
    /**
     * Since when and how the account holds admin rights (ADR 0017): `organizer_code`,
     * `invitation` (ref: the invitation's id), `console` (ref: the granting organizer's id),
     * `bootstrap`, `cli`, or `unknown` for admins made before this was recorded. Null when the
     * account is not an admin; the audit log keeps the history.
     */
    adminSince: timestamptz("admin_since"),
    adminVia: text("admin_via"),
    adminViaRef: text("admin_via_ref"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_email_key_key").on(t.emailKey),
    uniqueIndex("users_github_id_key").on(t.githubId),
  ],
);

/** `user_id`: the account the row belongs to; the row goes when the account does. */
const belongsToUser = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** Unique indexes code reacts to when a concurrent write loses a race; named once. */
export const UNIQUE_INDEXES = {
  teamName: "teams_name_lower_key",
  oneTeamPerUser: "team_members_user_key",
} as const;

export const teams = pgTable(
  "teams",
  {
    id: id(),
    /** Always stored lowercase; unique. */
    name: text("name").notNull(),
    status: text("status", { enum: TEAM_STATUSES }).notNull().default("inactive"),
    activatedAt: timestamptz("activated_at"),
    /** SHA-256 of the API key, for look-up. */
    apiKeyHash: text("api_key_hash").notNull(),
    /** AES-256-GCM copy of the API key, shown to the team's own members. */
    apiKeyEncrypted: text("api_key_encrypted").notNull(),
    /**
     * What a new member types to join. Secret to the team (the team ID is public on the
     * leaderboard); owners rotate it. Existing teams get a random one from the migration.
     */
    inviteCode: text("invite_code")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Dissolved (its last member left); kept, with its submissions, for audit. */
    deletedAt: timestamptz("deleted_at"),
    /**
     * Disqualified by the organizers: hidden from every ranking, kept for the record, reversible
     * (reinstating clears it). The reason is shown to the team on its dashboard.
     */
    disqualifiedAt: timestamptz("disqualified_at"),
    disqualificationReason: text("disqualification_reason"),
    /** This team's own daily limit per challenge; null: the competition's. */
    dailyLimit: integer("daily_limit"),
    /**
     * Issue 33: a member asked the organizers to activate the team (with an optional message).
     * Open while `activation_declined_at` is null; activating the team clears all four.
     */
    activationRequestedAt: timestamptz("activation_requested_at"),
    activationRequestMessage: text("activation_request_message"),
    /** An organizer declined the open request; the team sees the reason and may ask again. */
    activationDeclinedAt: timestamptz("activation_declined_at"),
    activationDeclineReason: text("activation_decline_reason"),
    /** The decision e-mail still owed to the members (`activated`, `declined`); null: none. */
    activationMail: text("activation_mail", { enum: ACTIVATION_MAIL_KINDS }),
    createdAt: createdAt(),
  },
  (t) => [
    // A dissolved team's name may be taken again.
    uniqueIndex(UNIQUE_INDEXES.teamName)
      .on(sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex("teams_invite_code_key").on(t.inviteCode),
    uniqueIndex("teams_api_key_hash_key").on(t.apiKeyHash),
    check("teams_status_check", oneOf(t.status, TEAM_STATUSES)),
    check("teams_activation_mail_check", oneOf(t.activationMail, ACTIVATION_MAIL_KINDS)),
    // The sweep's look-up of decision e-mails owed: a handful among every team.
    index("teams_activation_mail_due_idx").on(t.id).where(sql`${t.activationMail} is not null`),
  ],
);

export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: belongsToUser(),
    role: text("role", { enum: TEAM_ROLES }).notNull(),
    joinedAt: timestamptz("joined_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    // One team per user, enforced by the database so concurrent joins cannot both win.
    uniqueIndex(UNIQUE_INDEXES.oneTeamPerUser).on(t.userId),
    check("team_members_role_check", oneOf(t.role, TEAM_ROLES)),
  ],
);

// The statuses are the API's (contracts' rules.ts); the lifecycle (@tandem/jobs) gives their meaning.
export { SUBMISSION_STATUSES, type SubmissionStatus } from "@tandem/contracts";

export const submissions = pgTable(
  "submissions",
  {
    id: id(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    challengeKey: text("challenge_key").notNull(),
    status: text("status", { enum: SUBMISSION_STATUSES }).notNull().default("queued"),
    /** The submitted CSV, gzip-compressed. */
    predictions: bytea("predictions").notNull(),
    /**
     * The predictions parsed at intake into the answer-free aligned form (`TAF1`, ADR 0021): what
     * the worker scores without a second parse. Cleared when the submission is scored, so it only
     * holds the backlog; null for rows stored before it, or already finished.
     */
    aligned: bytea("aligned"),
    /** SHA-256 of the CSV, to spot a resent identical payload. */
    payloadHash: text("payload_hash").notNull(),
    rowCount: integer("row_count").notNull(),
    metricName: text("metric_name").notNull(),
    /** The score on the public part of the hidden rows: what the team sees before the reveal. */
    metricValue: doublePrecision("metric_value"),
    /**
     * The score on the private part (docs/adr/0009-public-private-split.md). Never in a
     * participant's answer before the organizers reveal the final standings.
     */
    privateMetricValue: doublePrecision("private_metric_value"),
    /**
     * The score the team is shown under its challenge's feedback policy (docs/adr/0015), set
     * once the submission is scored: under `ladder` its own rounded score, or the team's best
     * shown so far when this one was not a significant improvement. Null until assigned.
     */
    shownScore: doublePrecision("shown_score"),
    /** Whether `shownScore` is this submission's own (false: the team's earlier best, ladder). */
    shownImproved: boolean("shown_improved"),
    /** Which score `shownScore` derives from: `public`, or `final` (private) after the reveal. */
    shownKind: text("shown_kind", { enum: SCORE_KINDS }),
    /**
     * SHA-256 of the predictions in a normal form (rows by id, values as parsed): two teams with
     * the same one sent the same predictions, whatever the file's formatting.
     */
    contentHash: text("content_hash"),
    /** When the team marked it as one of its final submissions for the challenge; null: not marked. */
    finalAt: timestamptz("final_at"),
    errorMessage: text("error_message"),
    validationErrors: jsonb("validation_errors").$type<string[]>(),
    /** Made while the team was active and inside the competition window. */
    counted: boolean("counted").notNull(),
    idempotencyKey: text("idempotency_key"),
    /** Bumped by every claim: the claim's fencing token (docs/adr/0008-submission-claims.md). */
    attempts: integer("attempts").notNull().default(0),
    /** When the current claim was taken (database clock); null when no run holds it. */
    claimedAt: timestamptz("claimed_at"),
    /** The answers' version it was scored against; older than the current one after a reload. */
    answersVersion: integer("answers_version"),
    /** The team's own note, given with the file. */
    note: text("note"),
    /** Who sent it: `user` (a member's session, `submittedBy`) or `api_key` (SDK, scripts). */
    submittedVia: text("submitted_via", { enum: SUBMITTERS }).notNull().default("api_key"),
    submittedBy: uuid("submitted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    scoredAt: timestamptz("scored_at"),
  },
  (t) => [
    index("submissions_team_challenge_idx").on(t.teamId, t.challengeKey, t.createdAt),
    // Newest-first pages (`order by created_at desc, id desc`) read these backwards: ascending
    // btrees, because a DESC NULLS LAST one (drizzle's `.desc()`) does not match that order.
    // A team's history; the organizers' list of every submission, and of one challenge's.
    index("submissions_team_created_idx").on(t.teamId, t.createdAt, t.id),
    index("submissions_created_idx").on(t.createdAt, t.id),
    index("submissions_challenge_created_idx").on(t.challengeKey, t.createdAt, t.id),
    check("submissions_submitted_via_check", oneOf(t.submittedVia, SUBMITTERS)),
    index("submissions_status_idx").on(t.status, t.createdAt),
    // The public queue status counts what finished in the last minutes (`scored_at >= ...`).
    index("submissions_scored_at_idx").on(t.scoredAt),
    // A key names one retry of one challenge's submission: reused on another, it is a new one.
    uniqueIndex("submissions_team_challenge_idempotency_key").on(
      t.teamId,
      t.challengeKey,
      t.idempotencyKey,
    ),
    index("submissions_challenge_content_idx").on(t.challengeKey, t.contentHash),
    check("submissions_shown_kind_check", oneOf(t.shownKind, SCORE_KINDS)),
    check("submissions_status_check", oneOf(t.status, SUBMISSION_STATUSES)),
  ],
);

export const SUBMISSION_NOTICE_KINDS = ["failed", "delayed"] as const;
export type SubmissionNoticeKind = (typeof SUBMISSION_NOTICE_KINDS)[number];

/**
 * E-mails sent to a team about one of its submissions: failed on the platform, or unscored past
 * the threshold. One row per submission and kind, so each is sent once whatever runs the sweep.
 */
export const submissionNotices = pgTable(
  "submission_notices",
  {
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SUBMISSION_NOTICE_KINDS }).notNull(),
    /** How many members it went to (0: none had it switched on). */
    recipients: integer("recipients").notNull(),
    sentAt: timestamptz("sent_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.kind] }),
    check("submission_notices_kind_check", oneOf(t.kind, SUBMISSION_NOTICE_KINDS)),
  ],
);

/** Daily digests sent: one row per user and UTC day, so each is sent once. */
export const digestSends = pgTable(
  "digest_sends",
  {
    userId: belongsToUser(),
    /** The UTC day the digest covers, `YYYY-MM-DD`. */
    day: text("day").notNull(),
    sentAt: timestamptz("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const challengeAnswers = pgTable("challenge_answers", {
  challengeKey: text("challenge_key").primaryKey(),
  /** The answers CSV, gzip-compressed. Never served over HTTP. */
  answers: bytea("answers").notNull(),
  rowCount: integer("row_count").notNull(),
  /** Ranking challenges: the items a submission may name (e.g. the SKUs eligible for recommendation). */
  eligibleItems: jsonb("eligible_items").$type<string[]>(),
  /** The version of the domain's data these answers belong to (`datasets.version`). */
  version: integer("version").notNull().default(1),
  /**
   * Which answer rows are public: one byte per row of `answers`, in its order, 1 public and 0
   * private. Null for answers stored before the split existed: derived from the secret seed.
   */
  publicRows: bytea("public_rows"),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

/**
 * The public test set of a challenge (ADR 0021): the test ids, sorted, and for a ranking the
 * eligible items. Every value here is in the published test file and sample submission, so the
 * gateway may read it; it is written in the transaction that writes the answers, with their version.
 */
export const testSets = pgTable("test_sets", {
  challengeKey: text("challenge_key").primaryKey(),
  /** Equal to `challenge_answers.version` of the answers these ids are the ids of. */
  version: integer("version").notNull(),
  rowCount: integer("row_count").notNull(),
  /** The ids in `idKey` form, sorted by UTF-16 code unit, one JSON string a line, gzip-compressed. */
  ids: bytea("ids").notNull(),
  /** Ranking challenges: the eligible items, sorted the same way (an aligned form's vocabulary). */
  items: jsonb("items").$type<string[]>(),
  /** Hex SHA-256 of the test set (`createTestSet`'s digest): what an aligned form names. */
  digest: text("digest").notNull(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

export const DATASET_SOURCES = ["generated", "imported"] as const;
export type DatasetSource = (typeof DATASET_SOURCES)[number];

export interface DatasetSummary {
  files: { name: string; bytes: number }[];
  /** Answer rows per challenge key. */
  rows: Record<string, number>;
}

/**
 * Which data a domain serves: generated from the deployment's secret seed or imported from the
 * organizers' files. Every load raises `version` and publishes a new folder of public files.
 */
export const datasets = pgTable(
  "datasets",
  {
    domain: text("domain").primaryKey(),
    source: text("source", { enum: DATASET_SOURCES }).notNull(),
    version: integer("version").notNull(),
    /** The folder under STATIC_DIR/.versions that `STATIC_DIR/{domain}` points at. */
    folder: text("folder").notNull(),
    summary: jsonb("summary").$type<DatasetSummary>().notNull(),
    loadedAt: timestamptz("loaded_at").notNull().defaultNow(),
  },
  (t) => [check("datasets_source_check", oneOf(t.source, DATASET_SOURCES))],
);

export const BASELINE_SOURCES = ["notebook", "organizer"] as const;
export type BaselineSource = (typeof BASELINE_SOURCES)[number];

/**
 * The baseline of each challenge on this deployment's own data: the predictions of the shipped
 * notebook (or the organizers' own baseline file) and their score against the answers of
 * `answers_version`. Leaderboards and domain pages read the value from here.
 */
export const challengeBaselines = pgTable(
  "challenge_baselines",
  {
    challengeKey: text("challenge_key").primaryKey(),
    source: text("source", { enum: BASELINE_SOURCES }).notNull(),
    /** The baseline's submission CSV, gzip-compressed. */
    predictions: bytea("predictions").notNull(),
    /** On the public rows, as teams' scores before the reveal. */
    metricValue: doublePrecision("metric_value").notNull(),
    /** On the private rows; null until computed for answers stored before the split. */
    privateMetricValue: doublePrecision("private_metric_value"),
    answersVersion: integer("answers_version").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("challenge_baselines_source_check", oneOf(t.source, BASELINE_SOURCES))],
);
export type ChallengeBaseline = typeof challengeBaselines.$inferSelect;

/**
 * The organizers' reveal of the final (private) standings: one row once revealed, with who and
 * when. Before it, every participant-facing answer shows public scores only.
 */
export const competitionReveals = pgTable("competition_reveals", {
  id: id(),
  revealedBy: uuid("revealed_by").references(() => users.id, { onDelete: "set null" }),
  revealedAt: timestamptz("revealed_at").notNull().defaultNow(),
});
export type CompetitionReveal = typeof competitionReveals.$inferSelect;
export type Dataset = typeof datasets.$inferSelect;

export type User = typeof users.$inferSelect;
export type Team = typeof teams.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type Submission = typeof submissions.$inferSelect;

/** Password-reset tokens: only a SHA-256 of the token is stored; single use, short-lived. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: id(),
    userId: belongsToUser(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_resets_token_hash_key").on(t.tokenHash),
    index("password_resets_user_idx").on(t.userId),
  ],
);

/**
 * Links that prove an address (issue 31): mailed on request from the dashboard, stored hashed,
 * single-use and expiring. `email` is the address the link was sent to, so a link never
 * verifies another one.
 */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    id: id(),
    userId: belongsToUser(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_verifications_token_hash_key").on(t.tokenHash),
    index("email_verifications_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Single-use codes handed to the SPA after GitHub sign-in (in `/login/success?token=`), so no
 * long-lived session token ever appears in a URL. Stored hashed; they live for a minute.
 */
export const authCodes = pgTable(
  "auth_codes",
  {
    id: id(),
    userId: belongsToUser(),
    codeHash: text("code_hash").notNull(),
    /** SHA-256 of the nonce cookie of the browser that started the sign-in: only it may trade the code. */
    browserHash: text("browser_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_codes_code_hash_key").on(t.codeHash),
    index("auth_codes_user_idx").on(t.userId),
  ],
);

/**
 * Signed-in sessions. The session token (a JWT) names its row; signing out deletes the row, so a
 * copied token stops working at once. Password resets and "sign out everywhere" delete them all.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: belongsToUser(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * The competition's settings the organizers change from the console, effective without a
 * restart: one row (id 1). A null column means the deployment's configured value.
 */
export const competitionSettings = pgTable(
  "competition_settings",
  {
    id: integer("id").primaryKey().default(1),
    submissionsPaused: boolean("submissions_paused").notNull().default(false),
    pauseMessage: text("pause_message"),
    dailyLimit: integer("daily_limit"),
    opensAt: timestamptz("opens_at"),
    closesAt: timestamptz("closes_at"),
    finalPicks: integer("final_picks"),
    /** Creating or joining a team needs a verified address (off: the spec's sign-up flow). */
    requireVerifiedEmail: boolean("require_verified_email").notNull().default(false),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("competition_settings_single_row", sql`${t.id} = 1`)],
);
export type CompetitionSettings = typeof competitionSettings.$inferSelect;

export const COMPETITION_VERSION_SOURCES = ["console", "import", "settings"] as const;

/**
 * Every version of the competition definition (docs/adr/0014-competition-definition.md): the
 * highest is in force; none at all means the default edition (version 0). Versions are never
 * changed or removed, so who changed what stays on record beside the audit log.
 */
export const competitionVersions = pgTable(
  "competition_versions",
  {
    version: integer("version").primaryKey(),
    /** The whole definition as validated (packages/competition's schema). */
    definition: jsonb("definition").notNull(),
    /** What changed against the version before, in words, one entry per change. */
    changes: jsonb("changes").$type<string[]>().notNull(),
    source: text("source", { enum: COMPETITION_VERSION_SOURCES }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Kept as it was, like the audit log's actor. */
    createdByEmail: text("created_by_email"),
    createdAt: createdAt(),
  },
  (t) => [
    check("competition_versions_source_check", oneOf(t.source, COMPETITION_VERSION_SOURCES)),
    check("competition_versions_positive", sql`${t.version} > 0`),
  ],
);
export type CompetitionVersion = typeof competitionVersions.$inferSelect;

/** Messages from the organizers, shown as a banner on the site and optionally e-mailed. */
export const announcements = pgTable("announcements", {
  id: id(),
  /** Markdown, rendered safely (no raw HTML) wherever it is shown. */
  body: text("body").notNull(),
  /** Shown as the banner until another is posted or it is withdrawn. */
  active: boolean("active").notNull().default(true),
  /** Whether it goes to every participant's inbox (in batches, honouring opt-outs). */
  emailed: boolean("emailed").notNull().default(false),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});
export type Announcement = typeof announcements.$inferSelect;

/** Each e-mailed announcement's deliveries: one row per user, so a batch is sent once. */
export const announcementDeliveries = pgTable(
  "announcement_deliveries",
  {
    announcementId: uuid("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: belongsToUser(),
    sentAt: timestamptz("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

/**
 * Every organizer action: who, when, what, the target, before and after. Append-only: a trigger
 * (migration 0008) refuses UPDATE and DELETE, so no one edits the record through the database
 * either.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    /** No foreign key: deleting an account must not rewrite the record (it is append-only). */
    actorId: uuid("actor_id"),
    /** Kept as it was when the action was taken, even if the account changes or goes. */
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);
export type AuditEntry = typeof auditLog.$inferSelect;

/**
 * Organizers' personal, single-use invitations (ADR 0017): only the code's SHA-256 is kept. The
 * people are kept by id and by address as they were (no foreign keys: like the audit log, the
 * record stays when an account goes).
 */
export const adminInvitations = pgTable(
  "admin_invitations",
  {
    id: id(),
    codeHash: text("code_hash").notNull(),
    /** Whom it is for, as the organizer wrote it: shown in the list, never checked. */
    label: text("label").notNull().default(""),
    createdBy: uuid("created_by"),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    /** Set by the sign-up that takes it (before the account exists: then `usedBy`). */
    usedAt: timestamptz("used_at"),
    usedBy: uuid("used_by"),
    usedByEmail: text("used_by_email"),
    revokedAt: timestamptz("revoked_at"),
    revokedBy: uuid("revoked_by"),
    revokedByEmail: text("revoked_by_email"),
  },
  (t) => [
    uniqueIndex("admin_invitations_code_hash_key").on(t.codeHash),
    index("admin_invitations_created_idx").on(t.createdAt.desc()),
  ],
);
export type AdminInvitationRow = typeof adminInvitations.$inferSelect;

export type PasswordReset = typeof passwordResets.$inferSelect;
export type Session = typeof sessions.$inferSelect;
