import { z } from "zod";

/** Limits the organizers' console accepts for the competition's settings. */
export const SETTINGS_LIMITS = {
  pauseMessage: 500,
  dailyLimit: { min: 1, max: 10_000 },
  finalPicks: { min: 1, max: 20 },
} as const;

/** What participants read while submissions are paused and the organizers gave no message. */
export const DEFAULT_PAUSE_MESSAGE =
  "Submissions are paused by the organizers for now. Please try again later.";

const dateTime = z.iso.datetime({ offset: true });

/** `GET`/`PATCH /api/admin/settings`: the values in force now and where each comes from. */
export const adminSettingsSchema = z.object({
  submissions_paused: z.boolean().describe("While true, /api/submit answers 503 submission.paused"),
  pause_message: z.string().nullable().describe("Shown to participants while paused"),
  daily_limit: z.number().int().describe("Submissions per team per challenge per UTC day"),
  opens_at: z.iso.datetime().describe("Submissions count from here (before: practice)"),
  closes_at: z.iso.datetime().describe("Submissions count up to here; final selection closes"),
  final_picks: z
    .number()
    .int()
    .nullable()
    .describe("Final submissions per team per challenge; null: each challenge's own count"),
  require_verified_email: z
    .boolean()
    .describe(
      "While true, creating or joining a team (and the SDK's register) needs a verified e-mail address: 403 team.email_unverified",
    ),
  overridden: z
    .object({
      daily_limit: z.boolean(),
      opens_at: z.boolean(),
      closes_at: z.boolean(),
      final_picks: z.boolean(),
    })
    .describe("Which values the organizers set here (the others are the deployment's config)"),
  defaults: z
    .object({
      daily_limit: z.number().int(),
      opens_at: z.iso.datetime(),
      closes_at: z.iso.datetime(),
      final_picks: z.number().int(),
    })
    .describe("The deployment's configured values, in force wherever nothing is overridden"),
  updated_at: z.iso.datetime().nullable(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** A whole-number setting within its limits; null: back to the configured default. */
const boundedSetting = ({ min, max }: { min: number; max: number }) =>
  z.number().int().min(min).max(max).nullable().optional();

/** `PATCH /api/admin/settings`: only the fields sent change; null returns one to the config's value. */
export const adminSettingsPatchSchema = z.strictObject({
  submissions_paused: z.boolean().optional(),
  pause_message: z
    .string()
    .trim()
    .max(
      SETTINGS_LIMITS.pauseMessage,
      `pause_message must be at most ${SETTINGS_LIMITS.pauseMessage} characters`,
    )
    .nullable()
    .optional()
    .describe("Empty or null: the default sentence"),
  daily_limit: boundedSetting(SETTINGS_LIMITS.dailyLimit),
  opens_at: dateTime.nullable().optional(),
  closes_at: dateTime.nullable().optional(),
  final_picks: boundedSetting(SETTINGS_LIMITS.finalPicks),
  require_verified_email: z.boolean().optional(),
});
export type AdminSettingsPatch = z.infer<typeof adminSettingsPatchSchema>;

/** The longest announcement, in characters of Markdown source. */
export const ANNOUNCEMENT_MAX_CHARS = 5000;

/** `POST /api/admin/announcements`. */
export const announcementCreateSchema = z.strictObject({
  body: z
    .string()
    .trim()
    .min(1, "body is required")
    .max(ANNOUNCEMENT_MAX_CHARS, `body must be at most ${ANNOUNCEMENT_MAX_CHARS} characters`)
    .describe("Markdown source; the site renders it (no raw HTML)"),
  email: z
    .boolean()
    .default(false)
    .describe("Also e-mail it to every active participant who has not opted out"),
});

export const announcementParamsSchema = z.object({
  id: z.string().uuid("Announcement id must be a UUID"),
});

export const announcementSchema = z.object({
  id: z.string(),
  body: z.string().describe("Markdown source"),
  active: z.boolean().describe("Shown as the banner (only the newest can be)"),
  email: z.boolean(),
  /** Deliveries made so far (e-mailed announcements only). */
  emails_sent: z.number().int(),
  created_at: z.iso.datetime(),
  created_by: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type AnnouncementView = z.infer<typeof announcementSchema>;

export const ANNOUNCEMENTS_PAGE_MAX = 100;

export const announcementListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ANNOUNCEMENTS_PAGE_MAX).default(20),
  cursor: z.string().trim().max(200).optional().describe("`next_cursor` of the previous page"),
});

export const announcementListSchema = z.object({
  announcements: z.array(announcementSchema).describe("Newest first"),
  next_cursor: z.string().nullable(),
});

/** The banner in the public config: the newest active announcement. */
export const publicAnnouncementSchema = z.object({
  id: z.string(),
  body: z.string().describe("Markdown source: render without raw HTML"),
  created_at: z.iso.datetime(),
});

/** `GET /api/notifications/unsubscribe?token=...`: the link in every announcement e-mail. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().trim().min(1, "token is required").max(300),
});

export const unsubscribePageSchema = z
  .string()
  .describe("A small HTML page confirming that announcement e-mails are off");
