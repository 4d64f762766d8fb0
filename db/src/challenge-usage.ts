import type { Database } from "./client";
import { submissions, testSets } from "./schema";

type Reader = Pick<Database, "selectDistinct">;

/** The challenges with at least one submission: their dates and formats decided results. */
export async function challengesWithSubmissions(db: Reader): Promise<Set<string>> {
  const rows = await db.selectDistinct({ key: submissions.challengeKey }).from(submissions);
  return new Set(rows.map((row) => row.key));
}

/** The challenges whose hidden answers (and so their public/private split) are loaded. */
export async function challengesWithAnswers(db: Reader): Promise<Set<string>> {
  const rows = await db.selectDistinct({ key: testSets.challengeKey }).from(testSets);
  return new Set(rows.map((row) => row.key));
}
