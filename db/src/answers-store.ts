import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { challengeVersion } from "./challenge-version";
import type { Database } from "./client";
import { challengeAnswers } from "./schema";

export interface StoredChallengeAnswers {
  stamp: number;
  csv: string;
  eligibleItems?: string[];
  /** Which rows are public, one byte per answers row (1 public, 0 private). */
  publicRows?: Uint8Array;
  /** Given for answers stored before the split when the store knows the seed: derive it from that. */
  splitSeed?: string;
}

/**
 * Reads hidden answers; shaped as `@tandem/scoring`'s AnswersSource (the stamp is the version).
 * `dataSeed` is the deployment's secret seed where the process has it (the data tools, the
 * embedded server): answers stored before the public/private split get theirs derived from it.
 * The seed is not in the database, so a process without it (the production worker) relies on
 * the split having been stored: generation and import store it, and `fillMissingSplits`
 * (datasets) fills in older answers from a process that has the seed.
 */
export function createAnswersStore({ db, dataSeed }: { db: Database; dataSeed?: string }) {
  return {
    stamp: (challengeKey: string) => challengeVersion(db, challengeAnswers, challengeKey),
    async load(challengeKey: string): Promise<StoredChallengeAnswers | undefined> {
      const [row] = await db
        .select()
        .from(challengeAnswers)
        .where(eq(challengeAnswers.challengeKey, challengeKey));
      if (!row) return undefined;
      return {
        stamp: row.version,
        csv: gunzipSync(row.answers).toString("utf8"),
        ...(row.eligibleItems ? { eligibleItems: row.eligibleItems } : {}),
        ...(row.publicRows
          ? { publicRows: new Uint8Array(row.publicRows) }
          : dataSeed !== undefined
            ? { splitSeed: dataSeed }
            : {}),
      };
    },
  };
}
