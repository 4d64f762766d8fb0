import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { challengeAnswers } from "./schema";

/** Reads hidden answers; shaped as `@tandem/scoring`'s AnswersSource (the stamp is the version). */
export function createAnswersStore({ db }: { db: Database }) {
  return {
    async stamp(challengeKey: string): Promise<number | undefined> {
      const [row] = await db
        .select({ version: challengeAnswers.version })
        .from(challengeAnswers)
        .where(eq(challengeAnswers.challengeKey, challengeKey));
      return row?.version;
    },
    async load(
      challengeKey: string,
    ): Promise<{ stamp: number; csv: string; eligibleItems?: string[] } | undefined> {
      const [row] = await db
        .select()
        .from(challengeAnswers)
        .where(eq(challengeAnswers.challengeKey, challengeKey));
      if (!row) return undefined;
      return {
        stamp: row.version,
        csv: gunzipSync(row.answers).toString("utf8"),
        ...(row.eligibleItems ? { eligibleItems: row.eligibleItems } : {}),
      };
    },
  };
}
