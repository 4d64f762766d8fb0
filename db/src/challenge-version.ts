import { eq } from "drizzle-orm";
import type { Database } from "./client";
import type { challengeAnswers, testSets } from "./schema";

/**
 * The version of a challenge's row in a table kept per challenge and version: the stamp the
 * answers and test-set stores give their caches, read without the row's payload.
 */
export async function challengeVersion(
  db: Pick<Database, "select">,
  table: typeof challengeAnswers | typeof testSets,
  challengeKey: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ version: table.version })
    .from(table)
    .where(eq(table.challengeKey, challengeKey));
  return row?.version;
}
