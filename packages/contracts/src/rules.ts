/**
 * The rules the server enforces and the forms check before sending, each defined once. The
 * messages (messages.ts) and the schemas read these; so do clients that show a limit.
 */

/** docs/product.md#validation-rules: a new password's shortest length. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 1024;
/** RFC 5321's longest address. */
export const EMAIL_MAX_LENGTH = 320;

/** First and last names (docs/product.md#validation-rules), and the SDK's display name. */
export const PERSON_NAME_MIN_LENGTH = 2;
export const PERSON_NAME_MAX_LENGTH = 100;

/** What an organizer types; the code itself is configured on the server (ORGANIZER_CODE). */
export const ORGANIZER_CODE_MAX_LENGTH = 200;

/** docs/product.md#team-names: team names use only these characters (a character-class body). */
export const TEAM_NAME_CHARACTERS = "a-z0-9-";
export const TEAM_NAME_MAX_LENGTH = 64;

/** An inactive team cannot submit until an organizer starts its competition (activates it). */
export const TEAM_STATUSES = ["inactive", "active"] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];

/** Issue 33: the e-mail an organizer's answer to an activation request (or an activation) owes. */
export const ACTIVATION_MAIL_KINDS = ["activated", "declined"] as const;
export type ActivationMailKind = (typeof ACTIVATION_MAIL_KINDS)[number];
/** The longest message a team sends with its activation request, and an organizer's reason. */
export const ACTIVATION_MESSAGE_MAX_LENGTH = 500;

/** Creators and owners manage the team (keys, invite codes, removals); members do not. */
export const TEAM_ROLES = ["creator", "owner", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * A submission's states; `queued` and `scoring` are unfinished
 * (docs/architecture.md#submission-lifecycle).
 */
export const SUBMISSION_STATUSES = ["queued", "scoring", "scored", "invalid", "failed"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A team's own note on a submission. */
export const SUBMISSION_NOTE_MAX_LENGTH = 500;

/**
 * The spec set no team size; the gateway's TEAM_MAX_MEMBERS sets it, with this default
 * (docs/product.md#teams).
 */
export const DEFAULT_TEAM_MAX_MEMBERS = 5;
