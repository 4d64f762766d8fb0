import {
  type ChangeReview,
  type CompetitionDefinition,
  type Refusal,
  reviewChange,
  withMainWindow,
} from "@tandem/competition";
import { challengeAnswers, createRevealsRepository, type Database, submissions } from "@tandem/db";
import type { CompetitionSnapshot } from "@tandem/jobs";

export interface ImportReview extends ChangeReview {
  /** The refusals that stand (see `reviewImport`); the import goes ahead only without any. */
  refusals: Refusal[];
}

/**
 * The guards of an edit (packages/competition, reviewChange) applied to an import, against the
 * definition in force, with no rescore in the same action. Two differences, both because an
 * import replaces data rather than editing a definition over it:
 * - the answers of a domain the bundle brings are split again as they load, so only the
 *   challenges whose answers stay count as "with answers" (their split is locked);
 * - while no submission exists and nothing is revealed, no result depends on any date, so a
 *   date that has passed may move: that is what lets a fresh deployment, still on the default
 *   edition's past dates, take a new edition.
 */
export async function reviewImport(
  db: Database,
  snapshot: CompetitionSnapshot,
  next: CompetitionDefinition,
  { replaced, now }: { replaced: ReadonlySet<string>; now: Date },
): Promise<ImportReview> {
  const [submitted, answered, reveal] = await Promise.all([
    db.selectDistinct({ key: submissions.challengeKey }).from(submissions),
    db.selectDistinct({ key: challengeAnswers.challengeKey }).from(challengeAnswers),
    createRevealsRepository({ db }).current(),
  ]);
  const withSubmissions = new Set(submitted.map((row) => row.key));
  const withAnswers = new Set(
    answered.map((row) => row.key).filter((key) => !replaced.has(key.split("/")[0]!)),
  );
  const revealed = reveal !== null;
  const review = reviewChange(snapshot.competition.definition, withOverrides(snapshot, next), {
    now,
    revealed,
    withSubmissions,
    withAnswers,
    rescore: false,
  });
  const nothingAtStake = withSubmissions.size === 0 && !revealed;
  return {
    ...review,
    refusals: review.refusals.filter(
      (r) => !(nothingAtStake && r.code === "competition.date_passed"),
    ),
  };
}

/**
 * The deployment's overrides of the main phase's dates (environment, settings) applied to the
 * new definition, as they will be once it is in force: what the guards must compare.
 */
function withOverrides(snapshot: CompetitionSnapshot, stored: CompetitionDefinition) {
  const effective = snapshot.competition.window;
  return withMainWindow(stored, {
    ...(snapshot.overrides.opens_at ? { opensAt: effective.opensAt } : {}),
    ...(snapshot.overrides.closes_at ? { closesAt: effective.closesAt } : {}),
  });
}
