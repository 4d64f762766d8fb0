import {
  type Challenge,
  type Competition,
  reviewChange,
  withMainWindow,
} from "@tandem/competition";
import type { AdminSettings, AdminSettingsPatch } from "@tandem/contracts";
import {
  type CompetitionSettings,
  challengesWithSubmissions,
  competitionSettings,
  type Database,
  type User,
} from "@tandem/db";
import type { CompetitionSource } from "@tandem/jobs";
import { eq } from "drizzle-orm";
import { recordAudit } from "../../lib/audit";
import { badRequest, HttpError } from "../../lib/http-error";

/** The deployment's configured values, in force wherever the settings row says nothing. */
export interface SettingsDefaults {
  /** SUBMISSIONS_PER_DAY: when set, every challenge's limit (else each challenge's own). */
  dailyLimit?: number;
}

/** What submitting, final selection and the public config follow. */
export interface CompetitionRules {
  submissionsPaused: boolean;
  /** The organizers' words while paused; null: the default sentence. */
  pauseMessage: string | null;
  /** The limit for every challenge when the organizers or the environment set one; else null. */
  dailyLimit: number | null;
  /** The main phase's window as in force (the definition with its overrides). */
  window: { opensAt: Date; closesAt: Date };
  /** Every challenge's number of final submissions; null: each challenge's own. */
  finalPicks: number | null;
  /** The active competition (the definition with its overrides), read with these settings. */
  competition: Competition;
  /** Creating or joining a team needs a verified e-mail address (issue 31; off by default). */
  requireVerifiedEmail: boolean;
}

export interface EffectiveSettings extends CompetitionRules {
  overridden: AdminSettings["overridden"];
  updatedAt: Date | null;
}

type Row = Pick<
  CompetitionSettings,
  | "submissionsPaused"
  | "pauseMessage"
  | "dailyLimit"
  | "opensAt"
  | "closesAt"
  | "finalPicks"
  | "requireVerifiedEmail"
  | "updatedAt"
>;

/** The API's names for the row's columns, as the PATCH body and audit entries use them. */
const FIELDS = {
  submissions_paused: "submissionsPaused",
  pause_message: "pauseMessage",
  daily_limit: "dailyLimit",
  opens_at: "opensAt",
  closes_at: "closesAt",
  final_picks: "finalPicks",
  require_verified_email: "requireVerifiedEmail",
} as const satisfies Record<keyof AdminSettingsPatch, keyof Row>;
type Field = keyof typeof FIELDS;

/** The row as it is after `patch` (fields not sent keep their value; null: the config's). */
function applyPatch(row: Row, patch: AdminSettingsPatch): Row {
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    ...(patch.submissions_paused !== undefined && { submissionsPaused: patch.submissions_paused }),
    // An empty message is no message: the default sentence is shown.
    ...(patch.pause_message !== undefined && { pauseMessage: patch.pause_message || null }),
    ...(patch.daily_limit !== undefined && { dailyLimit: patch.daily_limit }),
    ...(patch.opens_at !== undefined && { opensAt: date(patch.opens_at) }),
    ...(patch.closes_at !== undefined && { closesAt: date(patch.closes_at) }),
    ...(patch.final_picks !== undefined && { finalPicks: patch.final_picks }),
    ...(patch.require_verified_email !== undefined && {
      requireVerifiedEmail: patch.require_verified_email,
    }),
  };
}

const wire = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const same = (a: unknown, b: unknown) => wire(a) === wire(b);

/**
 * The competition's settings as the organizers set them (the `competition_settings` row) over the
 * deployment's config. Read through a cache of at most `ttlMs` per process: /submit does not
 * query them per request, and a change made by any gateway is in force in every other one within
 * that time (there is no cross-process invalidation to miss); here, at once.
 */
export function createSettingsService({
  db,
  competition,
  defaults,
  isRevealed,
  ttlMs = 1000,
  now = Date.now,
}: {
  db: Database;
  /** The active definition; the settings row's window is one of its overrides. */
  competition: CompetitionSource;
  defaults: SettingsDefaults;
  isRevealed: () => Promise<boolean>;
  ttlMs?: number;
  now?: () => number;
}) {
  let cached: { value: Row | undefined; readAt: number } | undefined;
  let loading: Promise<Row | undefined> | undefined;
  // Bumped by every update, so a read begun before it cannot put the old values back.
  let generation = 0;

  function effective(row: Row | undefined, active: Competition): EffectiveSettings {
    return {
      submissionsPaused: row?.submissionsPaused ?? false,
      pauseMessage: row?.pauseMessage ?? null,
      dailyLimit: row?.dailyLimit ?? defaults.dailyLimit ?? null,
      window: active.window,
      finalPicks: row?.finalPicks ?? null,
      competition: active,
      requireVerifiedEmail: row?.requireVerifiedEmail ?? false,
      overridden: {
        daily_limit: row?.dailyLimit != null,
        opens_at: row?.opensAt != null,
        closes_at: row?.closesAt != null,
        final_picks: row?.finalPicks != null,
      },
      updatedAt: row?.updatedAt ?? null,
    };
  }

  async function load(): Promise<Row | undefined> {
    const [row] = await db
      .select()
      .from(competitionSettings)
      .where(eq(competitionSettings.id, 1))
      .limit(1);
    return row;
  }

  function currentRow(): Promise<Row | undefined> {
    if (cached && now() - cached.readAt < ttlMs) return Promise.resolve(cached.value);
    if (!loading) {
      const startedAt = now();
      const startedIn = generation;
      loading = load()
        .then((value) => {
          if (startedIn === generation) cached = { value, readAt: startedAt };
          return value;
        })
        .finally(() => {
          loading = undefined;
        });
    }
    return loading;
  }

  return {
    async current(): Promise<EffectiveSettings> {
      const [row, snapshot] = await Promise.all([currentRow(), competition.current()]);
      return effective(row, snapshot.competition);
    },

    /**
     * Applies the fields sent (null: back to the config's value), refusing a window that would
     * close before it opens; the change and its audit entry (the changed fields, before and
     * after) commit together. Answers the settings now in force and the fields that changed.
     */
    async update(
      actor: Pick<User, "id" | "email">,
      patch: AdminSettingsPatch,
    ): Promise<{ settings: EffectiveSettings; changed: Field[] }> {
      const [{ competition: active }, revealed] = await Promise.all([
        competition.current(),
        isRevealed(),
      ]);
      if (revealed && patch.final_picks !== undefined) {
        throw new HttpError(
          409,
          "competition.frozen_after_reveal",
          "The final standings are revealed: the number of final picks can no longer change.",
        );
      }
      const outcome = await db.transaction(async (tx) => {
        await tx.insert(competitionSettings).values({ id: 1 }).onConflictDoNothing();
        const [before] = await tx
          .select()
          .from(competitionSettings)
          .where(eq(competitionSettings.id, 1))
          .for("update");
        if (!before) throw new Error("competition_settings row missing after insert");
        const next = applyPatch(before, patch);
        const snapshot = await competition.current();
        const window = {
          opensAt: next.opensAt ?? snapshot.baseWindow.opensAt,
          closesAt: next.closesAt ?? snapshot.baseWindow.closesAt,
        };
        if (window.opensAt >= window.closesAt) {
          throw badRequest(
            "settings.window_invalid",
            `The competition would close (${window.closesAt.toISOString()}) before it opens (${window.opensAt.toISOString()}): opens_at must be before closes_at.`,
            { opens_at: window.opensAt.toISOString(), closes_at: window.closesAt.toISOString() },
          );
        }
        // The window is the main phase's: the same guards as an edit of the definition.
        const review = reviewChange(active.definition, withMainWindow(active.definition, window), {
          now: new Date(now()),
          revealed,
          withSubmissions: await challengesWithSubmissions(tx),
          withAnswers: new Set(),
          rescore: false,
        });
        const refusal = review.refusals[0];
        if (refusal) {
          throw new HttpError(409, refusal.code, refusal.message, { field: refusal.path });
        }
        const changed = (Object.keys(FIELDS) as Field[]).filter(
          (field) => !same(before[FIELDS[field]], next[FIELDS[field]]),
        );
        if (changed.length === 0) return { row: before, changed };
        const [row] = await tx
          .update(competitionSettings)
          .set({
            submissionsPaused: next.submissionsPaused,
            pauseMessage: next.pauseMessage,
            dailyLimit: next.dailyLimit,
            opensAt: next.opensAt,
            closesAt: next.closesAt,
            finalPicks: next.finalPicks,
            requireVerifiedEmail: next.requireVerifiedEmail,
            updatedAt: new Date(),
            updatedBy: actor.id,
          })
          .where(eq(competitionSettings.id, 1))
          .returning();
        const pick = (source: Row) =>
          Object.fromEntries(changed.map((field) => [field, wire(source[FIELDS[field]])]));
        await recordAudit(tx, actor, {
          action: "settings.update",
          targetType: "settings",
          targetId: "1",
          before: pick(before),
          after: pick(next),
        });
        return { row: row ?? before, changed };
      });
      generation++;
      cached = { value: outcome.row, readAt: now() };
      if (outcome.changed.some((field) => field === "opens_at" || field === "closes_at")) {
        competition.invalidate();
      }
      const snapshot = await competition.current();
      return { settings: effective(outcome.row, snapshot.competition), changed: outcome.changed };
    },

    /** The console's view: the values in force, which are overridden, and the config's own. */
    async toView(settings: EffectiveSettings): Promise<AdminSettings> {
      const { baseWindow } = await competition.current();
      const limits = settings.competition.definition.limits;
      return {
        submissions_paused: settings.submissionsPaused,
        pause_message: settings.pauseMessage,
        daily_limit: settings.dailyLimit ?? limits.daily_submissions,
        opens_at: settings.window.opensAt.toISOString(),
        closes_at: settings.window.closesAt.toISOString(),
        final_picks: settings.finalPicks,
        require_verified_email: settings.requireVerifiedEmail,
        overridden: settings.overridden,
        defaults: {
          daily_limit: defaults.dailyLimit ?? limits.daily_submissions,
          opens_at: baseWindow.opensAt.toISOString(),
          closes_at: baseWindow.closesAt.toISOString(),
          final_picks: limits.final_picks,
        },
        updated_at: settings.updatedAt?.toISOString() ?? null,
      };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * A team's daily limit on a challenge: its own when an organizer set one, else the organizers'
 * (or the environment's) for every challenge, else the challenge's own from the definition.
 */
export function dailyLimitOf(
  team: { dailyLimit?: number | null },
  rules: Pick<CompetitionRules, "dailyLimit" | "competition">,
  challenge?: Pick<Challenge, "dailyLimit">,
): number {
  return (
    team.dailyLimit ??
    rules.dailyLimit ??
    challenge?.dailyLimit ??
    rules.competition.definition.limits.daily_submissions
  );
}
