import {
  type ChangeReview,
  type CompetitionDefinition,
  type Refusal,
  reviewChange,
} from "@tandem/competition";
import {
  challengesWithAnswers,
  challengesWithSubmissions,
  createRevealsRepository,
  type Database,
} from "@tandem/db";
import { type CompetitionSnapshot, withSnapshotOverrides } from "@tandem/jobs";

export interface ImportReview extends ChangeReview {
  /** The refusals that stand; the import goes ahead only without any. */
  refusals: Refusal[];
}

/**
 * The guards of an edit (packages/competition, reviewChange) applied to an import, against the
 * definition in force, with no rescore in the same action. The answers of a domain the bundle
 * brings are split again as they load, so only the challenges whose answers stay count as
 * "with answers" (their split is locked). While nothing was submitted every date may move
 * (reviewChange's own rule): that lets a fresh deployment, still on the default edition's past
 * dates, take a new edition.
 */
export async function reviewImport(
  db: Database,
  snapshot: CompetitionSnapshot,
  next: CompetitionDefinition,
  { replaced, now }: { replaced: ReadonlySet<string>; now: Date },
): Promise<ImportReview> {
  const [withSubmissions, answered, reveal] = await Promise.all([
    challengesWithSubmissions(db),
    challengesWithAnswers(db),
    createRevealsRepository({ db }).current(),
  ]);
  const withAnswers = new Set([...answered].filter((key) => !replaced.has(key.split("/")[0]!)));
  return reviewChange(snapshot.competition.definition, withSnapshotOverrides(snapshot, next), {
    now,
    revealed: reveal !== null,
    withSubmissions,
    withAnswers,
    rescore: false,
  });
}
