import { gunzipSync } from "node:zlib";
import type { Challenge } from "@tandem/competition";
import { challengeByKey } from "@tandem/competition/server";
import { challengeAnswers, type Database, encodeTestSetIds, testSets } from "@tandem/db";
import { parseAnswers, testSetOfAnswers } from "@tandem/scoring";
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";

/** A `test_sets` row without its version: public facts of one challenge's answers (ADR 0021). */
export interface TestSetRow {
  rowCount: number;
  ids: Buffer;
  items: string[] | null;
  digest: string;
}

/** The public test set of a challenge's answers: their ids (and items), sorted, and its digest. */
export function testSetRowOf(
  challenge: Challenge,
  csv: string,
  eligibleItems: readonly string[] | undefined | null,
): TestSetRow {
  const answers = parseAnswers(csv, challenge, eligibleItems ? { eligibleItems } : {});
  const testSet = testSetOfAnswers(answers);
  return {
    rowCount: testSet.ids.length,
    ids: encodeTestSetIds(testSet.ids),
    items: testSet.items ? [...testSet.items] : null,
    digest: testSet.digest,
  };
}

/** Writes (or replaces) a challenge's test set for the answers `version`, in the caller's transaction. */
export async function writeTestSet(
  db: Pick<Database, "insert">,
  challengeKey: string,
  version: number,
  row: TestSetRow,
): Promise<void> {
  const values = { ...row, version, updatedAt: sql`now()` };
  await db
    .insert(testSets)
    .values({ challengeKey, ...values })
    .onConflictDoUpdate({ target: testSets.challengeKey, set: values });
}

/**
 * Stores the test set of answers loaded before ADR 0021 (or whose test set is of another
 * version): the gateway validates files against test sets only. Idempotent and cheap when
 * nothing is missing (one query). Returns the challenges it filled.
 */
export async function fillTestSets(db: Database): Promise<string[]> {
  const rows = await db
    .select({
      key: challengeAnswers.challengeKey,
      version: challengeAnswers.version,
      answers: challengeAnswers.answers,
      eligibleItems: challengeAnswers.eligibleItems,
    })
    .from(challengeAnswers)
    .leftJoin(testSets, eq(testSets.challengeKey, challengeAnswers.challengeKey))
    .where(or(isNull(testSets.challengeKey), ne(testSets.version, challengeAnswers.version)));
  const filled: string[] = [];
  for (const row of rows) {
    const challenge = challengeByKey(row.key);
    if (!challenge) continue;
    const testSet = testSetRowOf(
      challenge,
      gunzipSync(row.answers).toString("utf8"),
      row.eligibleItems,
    );
    await db.transaction(async (tx) => {
      // Only for the answers read here: a load that replaced them meanwhile wrote its own.
      const [current] = await tx
        .select({ version: challengeAnswers.version })
        .from(challengeAnswers)
        .where(
          and(
            eq(challengeAnswers.challengeKey, row.key),
            eq(challengeAnswers.version, row.version),
          ),
        )
        .for("share");
      if (!current) return;
      await writeTestSet(tx, row.key, row.version, testSet);
      filled.push(row.key);
    });
  }
  return filled;
}
