import type { Refusal } from "@tandem/competition";
import { auditLog, createCompetitionVersions, type Database } from "@tandem/db";
import type { CompetitionSource } from "@tandem/jobs";
import type { PartScores } from "@tandem/scoring";
import { scoresOf } from "../import/import-domain";
import type { ImportProblem } from "../import/validate";
import { type LoadedDomain, loadDomains } from "../store/load";
import { checkBundle } from "./check-bundle";
import { DEFINITION_FILE } from "./layout";
import { reviewImport } from "./review-import";

/** Who imports: the command-line tool has no account, so the record names the tool. */
export const IMPORT_ACTOR = { id: null, email: "cli:competition:import" } as const;

/** The bundle was refused: every problem of its folders and every guard that refused it. */
export class BundleRefusedError extends Error {
  constructor(
    readonly problems: ImportProblem[],
    readonly refusals: Refusal[],
  ) {
    super(
      `The import was refused (${problems.length} problem(s), ${refusals.length} refusal(s)); nothing was changed.`,
    );
    this.name = "BundleRefusedError";
  }
}

export interface ImportedBundle {
  version: number;
  previousVersion: number;
  /** What changed in the definition, in words. */
  changes: string[];
  domains: (LoadedDomain & { baselines: Record<string, PartScores> })[];
  kept: string[];
  withoutData: string[];
}

/**
 * Imports a competition bundle: checked whole (definition, every domain folder against the new
 * definition, the guards against the definition in force) before anything changes, then switched
 * in one step (store/load.ts, loadDomains): every domain's answers and dataset rows, then the new
 * definition version and its audit entry, in one transaction whose last act switches the served
 * folders. The definition is never in force without the data it describes, nor the data without
 * it. Afterwards `competition` serves the new definition.
 */
export async function importCompetition(
  db: Database,
  staticDir: string,
  dir: string,
  competition: CompetitionSource,
  {
    seed,
    now = new Date(),
    actor = IMPORT_ACTOR,
  }: { seed?: string; now?: Date; actor?: { id: string | null; email: string } } = {},
): Promise<ImportedBundle> {
  competition.invalidate();
  const snapshot = await competition.current();
  const checked = await checkBundle(dir, {
    db,
    staticDir,
    current: snapshot.stored,
    ...(seed === undefined ? {} : { seed }),
  });
  const replaced = new Set(checked.loads.map((load) => load.slug));
  const review = await reviewImport(db, snapshot, checked.definition, { replaced, now });
  if (checked.problems.length > 0 || review.refusals.length > 0) {
    throw new BundleRefusedError(checked.problems, review.refusals);
  }

  const version = snapshot.version + 1;
  const changes = [
    `Imported from a competition bundle${replaced.size > 0 ? ` with the data of ${[...replaced].join(", ")}` : ""}.`,
    ...review.changes.map((c) => c.summary),
  ];
  const loaded = await loadDomains(db, staticDir, checked.loads, {
    // The version last: it commits with every domain's data or not at all.
    async beforeSwitch(tx) {
      const inserted = await createCompetitionVersions({ db }).insert(tx, {
        version,
        definition: checked.definition,
        changes,
        source: "import",
        createdBy: actor.id,
        createdByEmail: actor.email,
      });
      if (!inserted) {
        throw new BundleRefusedError(
          [
            {
              file: DEFINITION_FILE,
              message: `the competition definition changed while importing (version ${version} exists now): run the import again`,
            },
          ],
          [],
        );
      }
      await tx.insert(auditLog).values({
        actorId: actor.id,
        actorEmail: actor.email,
        action: "competition.import",
        targetType: "competition",
        targetId: String(version),
        before: { version: snapshot.version },
        after: { version, changes, domains: [...replaced], kept: checked.kept },
      });
    },
  });
  competition.invalidate();
  await competition.current();
  return {
    version,
    previousVersion: snapshot.version,
    changes,
    domains: loaded.map((domain) => {
      const load = checked.loads.find((l) => l.slug === domain.slug)!;
      return { ...domain, baselines: scoresOf(load.baselines ?? {}) };
    }),
    kept: checked.kept,
    withoutData: checked.withoutData,
  };
}
