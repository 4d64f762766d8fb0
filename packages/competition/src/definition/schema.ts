import { z } from "zod";
import { METRICS, type MetricId } from "../metrics";
import { siteSchema } from "./site-schema";

/**
 * The competition definition: one document (YAML on disk, JSON over the API) that holds every
 * fact of an edition. docs/adr/0014-competition-definition.md says where each fact lives.
 */

const text = z.string().trim().min(1);
const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "lowercase letters, digits and single dashes")
  .max(40);
const isoDateTime = z.iso.datetime({ offset: true });
/** A calendar day, a moment, or a month whose day is still to be decided. */
const dateValue = z.union([
  z.iso.date(),
  isoDateTime,
  z.object({ tbd: z.iso.date().or(monthOnly()) }),
]);
function monthOnly() {
  return z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "a month as YYYY-MM");
}
const link = z.object({ label: text, url: z.url() });
const metricIds = Object.keys(METRICS) as [MetricId, ...MetricId[]];

const validTimeZone = (id: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: id });
    return true;
  } catch {
    return false;
  }
};

export const phaseSchema = z.object({
  id: slug,
  name: text,
  /** Whether submissions made in this phase enter the standings (false: a practice phase). */
  counts: z.boolean(),
  starts_at: isoDateTime,
  ends_at: isoDateTime,
});

export const targetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("label"), labels: z.array(text).min(2) }),
  z.object({ kind: z.literal("numeric") }),
  z.object({
    kind: z.literal("ranking"),
    k: z.number().int().min(1).max(100),
    eligible: z.object({ file: text, column: text }),
  }),
]);

/**
 * What a participant is shown of a score (docs/adr/0015-feedback-policy.md): `exact`; `rounded`
 * to `digits` decimals; or `ladder` (Blum & Hardt 2015): a submission's own score, rounded, only
 * when it beats the team's best shown score by `threshold` (in the metric's units), otherwise
 * that best again. Stored scores and the organizers' views are always exact.
 */
export const feedbackSchema = z.discriminatedUnion("policy", [
  z.object({ policy: z.literal("exact") }),
  z.object({ policy: z.literal("rounded"), digits: z.number().int().min(0).max(12) }),
  z.object({
    policy: z.literal("ladder"),
    threshold: z.number().positive(),
    digits: z.number().int().min(0).max(12),
  }),
]);
export type FeedbackPolicy = z.infer<typeof feedbackSchema>;

/** A definition without a policy (saved before there was one) gets the edition's default. */
export const DEFAULT_FEEDBACK: Extract<FeedbackPolicy, { policy: "ladder" }> = {
  policy: "ladder",
  threshold: 0.01,
  digits: 2,
};

export const challengeSchema = z.object({
  number: z.number().int().min(1).max(99),
  title: text,
  metric: z.enum(metricIds),
  /** The exact submission header, comma-separated. */
  header: text,
  target: targetSchema,
  /** The test file whose rows a submission covers. */
  test_file: text,
  files: z.array(text).min(1),
  task: text,
  task_description: text,
  dataset_description: text,
  /** A few rows of the training data as shown on the domain page, header first, comma-separated. */
  sample_data: z.array(z.string()).default([]),
  split: z
    .object({
      public_fraction: z.number().gt(0).lt(1),
      /** An id column whose rows stay together in one part. */
      group_by: text.optional(),
    })
    .optional(),
  /** Submissions a team may mark final; absent: `limits.final_picks`. */
  final_picks: z.number().int().min(1).max(20).optional(),
  /** Submissions per team per UTC day; absent: `limits.daily_submissions`. */
  daily_limit: z.number().int().min(1).max(10_000).optional(),
  /** What a team is shown of its scores here; absent: `limits.feedback`. */
  feedback: feedbackSchema.optional(),
});

export const domainSchema = z.object({
  slug,
  name: text,
  /** Folder name in notebooks and JupyterHub (`/home/jovyan/shared/datasets/{folder}`). */
  folder: z.string().regex(/^[A-Za-z0-9_-]+$/, "letters, digits, _ and -"),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour as #rrggbb"),
  /** CSS background of the domain page's hero. */
  background: text,
  overview: text,
  card: z.object({ tagline: text, image: z.object({ src: text, alt: z.string() }) }),
  sponsor: z.object({ name: text, description: text }).optional(),
  data_files: z
    .array(
      z.object({
        name: z.string().regex(/^[A-Za-z0-9_.-]+$/, "a plain file name"),
        description: text,
        columns: z.record(z.string(), z.string()).optional(),
      }),
    )
    .min(1),
  challenges: z.array(challengeSchema).min(1),
});

const prizeRow = z.object({ place: text, amount_usd: z.number().min(0) });

/**
 * Who may see the leaderboards (issue 33): `organizers` only (the default,
 * docs/product.md#leaderboard-visibility), `participants` (signed-in members of a team, besides
 * organizers) or `public` (everyone). Whoever
 * is not an organizer sees the official standings only: public until the reveal, final after it.
 */
export const LEADERBOARD_VISIBILITIES = ["organizers", "participants", "public"] as const;
export const leaderboardVisibilitySchema = z.enum(LEADERBOARD_VISIBILITIES);
export type LeaderboardVisibility = z.infer<typeof leaderboardVisibilitySchema>;
/** A definition without the setting (saved before there was one) keeps the spec's rule. */
export const DEFAULT_LEADERBOARD_VISIBILITY: LeaderboardVisibility = "organizers";

export const definitionSchema = z.object({
  schema_version: z.literal(1),
  identity: z.object({
    name: text,
    edition: text,
    organization: text,
    contact_email: z.email(),
  }),
  time_zone: z.object({
    /** IANA name, e.g. America/Chicago: dates on the pages are shown in it. */
    id: text.refine(validTimeZone, "an IANA time zone such as America/Chicago"),
    /** How the pages name it, e.g. "US Central". */
    name: text,
  }),
  dates: z.object({
    registration_opens: dateValue,
    winners: dateValue,
    workshop: dateValue,
    /** When the competition is archived (after the reveal); absent: never. */
    archived_at: isoDateTime.optional(),
  }),
  /** Scored phases in time order; submissions count only in phases with `counts`. */
  phases: z.array(phaseSchema).min(1),
  /**
   * The landing page's timeline. `date` names a date: `registration_opens`, `winners`,
   * `workshop`, or `{phase id}.starts_at` / `{phase id}.ends_at`.
   */
  timeline: z.array(z.object({ date: text, event: text })),
  webinars: z.array(z.object({ title: text, starts_at: isoDateTime, url: z.url() })),
  resources: z.object({ recording: link, slides: link, teammate_finder: link }),
  prizes: z.object({
    overall: z.array(prizeRow),
    per_domain: z.array(prizeRow),
    conditions: z.array(text),
    /** The last rank that wins a prize, overall and per domain. */
    last_prize_rank: z.number().int().min(0),
  }),
  /** The challenges' defaults. */
  limits: z.object({
    daily_submissions: z.number().int().min(1).max(10_000),
    final_picks: z.number().int().min(1).max(20),
    public_fraction: z.number().gt(0).lt(1),
    feedback: feedbackSchema.default(DEFAULT_FEEDBACK),
  }),
  leaderboard_visibility: leaderboardVisibilitySchema.default(DEFAULT_LEADERBOARD_VISIBILITY),
  /** Every page's copy; `{{name}}`-style placeholders are filled from the facts above. */
  site: siteSchema,
  domains: z.array(domainSchema).min(1),
});

export type CompetitionDefinition = z.infer<typeof definitionSchema>;
export type DefinitionInput = z.input<typeof definitionSchema>;
export type DomainDefinition = z.infer<typeof domainSchema>;
export type ChallengeDefinition = z.infer<typeof challengeSchema>;
export type PhaseDefinition = z.infer<typeof phaseSchema>;
export type DateValue = z.infer<typeof dateValue>;
