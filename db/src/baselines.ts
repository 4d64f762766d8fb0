import { and, eq } from "drizzle-orm";
import type { Database } from "./client";
import { challengeBaselines, testSets } from "./schema";

/**
 * Each challenge's baseline value on its current answers (leaderboards and domain pages both
 * read this, so they agree). A baseline scored against earlier answers says nothing about the
 * current ones and is left out.
 */
export async function loadCurrentBaselines(db: Database): Promise<Record<string, number>> {
  const rows = await currentBaselineValues(db);
  return Object.fromEntries(rows.map((row) => [row.challengeKey, row.metricValue]));
}

/**
 * Each challenge's baseline on both parts of its current answers (docs/adr/0009): `private` is
 * null for a baseline measured before the split, until it is measured again.
 */
export async function loadCurrentBaselineParts(
  db: Database,
): Promise<Record<string, { public: number; private: number | null }>> {
  const rows = await currentBaselineValues(db);
  return Object.fromEntries(
    rows.map((row) => [
      row.challengeKey,
      { public: row.metricValue, private: row.privateMetricValue },
    ]),
  );
}

/** Joins each baseline to its challenge's answers when both are of the same version. */
const ofCurrentAnswers = and(
  eq(testSets.challengeKey, challengeBaselines.challengeKey),
  eq(testSets.version, challengeBaselines.answersVersion),
);

/** The stored baselines (predictions included) that were scored on the current answers. */
export function currentBaselineRows(db: Database) {
  return db
    .select({
      challengeKey: challengeBaselines.challengeKey,
      metricValue: challengeBaselines.metricValue,
      privateMetricValue: challengeBaselines.privateMetricValue,
      predictions: challengeBaselines.predictions,
    })
    .from(challengeBaselines)
    .innerJoin(testSets, ofCurrentAnswers);
}

/** The same rows without their predictions (which are large): what every read of values needs. */
function currentBaselineValues(db: Database) {
  return db
    .select({
      challengeKey: challengeBaselines.challengeKey,
      metricValue: challengeBaselines.metricValue,
      privateMetricValue: challengeBaselines.privateMetricValue,
    })
    .from(challengeBaselines)
    .innerJoin(testSets, ofCurrentAnswers);
}
