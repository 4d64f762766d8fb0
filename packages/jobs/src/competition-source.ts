import {
  buildCompetition,
  type Competition,
  type CompetitionDefinition,
  mainPhaseOf,
  validateDefinition,
  withMainWindow,
} from "@tandem/competition";
import { defaultDefinition, setActiveCompetition } from "@tandem/competition/server";
import { competitionSettings, createCompetitionVersions, type Database } from "@tandem/db";
import { eq } from "drizzle-orm";

/** The main phase's dates as the deployment's environment sets them (COMPETITION_OPENS_AT/CLOSES_AT). */
export interface WindowOverride {
  opensAt?: Date;
  closesAt?: Date;
}

export interface CompetitionSnapshot {
  /** The stored version in force; 0: the default edition. */
  version: number;
  /** As stored (or the default file), before any override. */
  stored: CompetitionDefinition;
  /** What every page and rule follows: the stored one with the overrides applied. */
  competition: Competition;
  /** The main phase's dates before the settings row's override (the environment's, else stored). */
  baseWindow: { opensAt: Date; closesAt: Date };
  /** Which of the main phase's dates an override sets, and from where. */
  overrides: { opens_at: OverrideSource | null; closes_at: OverrideSource | null };
}
type OverrideSource = "environment" | "settings";

/**
 * The process's view of the active competition definition (docs/adr/0014-competition-definition.md).
 * Read through a cache of at most `ttlMs`: a change made by any process is in force in every
 * other within that time, and at once in the process that made it (`invalidate`). Each load
 * replaces the process-wide active competition (@tandem/competition/server).
 *
 * Precedence for the main phase's dates: the organizers' settings row (the older console
 * setting, kept for its API), then the environment, then the stored definition.
 */
export function createCompetitionSource({
  db,
  environment = {},
  ttlMs = 1000,
  now = Date.now,
  onStale,
}: {
  db: Database;
  environment?: WindowOverride;
  ttlMs?: number;
  now?: () => number;
  /** Told when a re-read failed and the last definition read stays in force. */
  onStale?: (err: unknown) => void;
}) {
  const versions = createCompetitionVersions({ db });
  let cached: { key: string; snapshot: CompetitionSnapshot; readAt: number } | undefined;
  let loading: Promise<CompetitionSnapshot> | undefined;
  let generation = 0;

  async function load(): Promise<CompetitionSnapshot> {
    const [version, settings] = await Promise.all([
      versions.latestNumber(),
      db
        .select({ opensAt: competitionSettings.opensAt, closesAt: competitionSettings.closesAt })
        .from(competitionSettings)
        .where(eq(competitionSettings.id, 1))
        .limit(1)
        .then((rows) => rows[0]),
    ]);
    const key = [version, settings?.opensAt?.toISOString(), settings?.closesAt?.toISOString()].join(
      "|",
    );
    if (cached && cached.key === key) return cached.snapshot;
    let stored = cached?.snapshot.version === version ? cached.snapshot.stored : undefined;
    if (!stored) {
      const row = version === 0 ? null : await versions.latest();
      stored = row ? checked(row.definition, row.version) : defaultDefinition();
    }
    const fromEnv = withMainWindow(stored, environment);
    const effective = withMainWindow(fromEnv, {
      ...(settings?.opensAt ? { opensAt: settings.opensAt } : {}),
      ...(settings?.closesAt ? { closesAt: settings.closesAt } : {}),
    });
    const source = (
      setting: Date | null | undefined,
      env: Date | undefined,
    ): OverrideSource | null => (setting ? "settings" : env ? "environment" : null);
    const snapshot: CompetitionSnapshot = {
      version,
      stored,
      competition: buildCompetition(effective),
      baseWindow: windowOf(fromEnv),
      overrides: {
        opens_at: source(settings?.opensAt, environment.opensAt),
        closes_at: source(settings?.closesAt, environment.closesAt),
      },
    };
    cached = { key, snapshot, readAt: now() };
    setActiveCompetition(snapshot.competition);
    return snapshot;
  }

  return {
    /** The snapshot in force (re-read when older than `ttlMs`). */
    current(): Promise<CompetitionSnapshot> {
      if (cached && now() - cached.readAt < ttlMs) return Promise.resolve(cached.snapshot);
      if (!loading) {
        const startedIn = generation;
        const stale = cached?.snapshot;
        loading = load()
          .then((snapshot) => {
            if (startedIn === generation && cached) cached.readAt = now();
            return snapshot;
          })
          .catch((err: unknown) => {
            // The database is away: keep serving the last definition read (the next call
            // tries again) rather than fail every request; with none read yet, fail.
            if (!stale) throw err;
            onStale?.(err);
            return stale;
          })
          .finally(() => {
            loading = undefined;
          });
      }
      return loading;
    },
    /** After this process changed the definition or the settings: the next read loads anew. */
    invalidate(): void {
      generation++;
      cached = undefined;
    },
  };
}
export type CompetitionSource = ReturnType<typeof createCompetitionSource>;

/**
 * Another stored definition as it would be in force under the same overrides of the main
 * phase (environment, settings): what an edit's guards must compare with the one in force.
 */
export function withSnapshotOverrides(
  snapshot: CompetitionSnapshot,
  stored: CompetitionDefinition,
): CompetitionDefinition {
  const effective = snapshot.competition.window;
  return withMainWindow(stored, {
    ...(snapshot.overrides.opens_at ? { opensAt: effective.opensAt } : {}),
    ...(snapshot.overrides.closes_at ? { closesAt: effective.closesAt } : {}),
  });
}

function windowOf(definition: CompetitionDefinition) {
  const main = mainPhaseOf(definition.phases);
  return { opensAt: new Date(main.starts_at), closesAt: new Date(main.ends_at) };
}

/** A stored definition is checked again on load: one that no longer passes is a bug to see. */
function checked(definition: unknown, version: number): CompetitionDefinition {
  const check = validateDefinition(definition);
  if (!check.ok) {
    const first = check.issues[0];
    throw new Error(
      `Stored competition version ${version} is not valid (${first?.path}: ${first?.message})`,
    );
  }
  return check.definition;
}
