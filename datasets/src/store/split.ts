import { gunzipSync } from "node:zlib";
import { challengeByKey } from "@tandem/competition/server";
import { challengeAnswers, type Database } from "@tandem/db";
import { computePublicRows, parseAnswers } from "@tandem/scoring";
import { and, eq, isNull } from "drizzle-orm";
import type { ChallengeAnswersInput } from "./load";

/** Generated answers with each challenge's public rows computed from the deployment's seed. */
export function withSplits(
  answers: Record<string, ChallengeAnswersInput>,
  seed: string,
): Record<string, ChallengeAnswersInput> {
  return Object.fromEntries(
    Object.entries(answers).map(([key, input]) => {
      const challenge = challengeByKey(key);
      if (!challenge) throw new Error(`Unknown challenge ${key}`);
      const { table } = parseAnswers(input.csv, challenge);
      return [key, { ...input, publicRows: computePublicRows(challenge, seed, table.ids) }];
    }),
  );
}

/**
 * Stores the split of answers stored before it existed (`public_rows` null), from the secret
 * seed: the production worker has no seed and scores only answers whose split is stored.
 * Idempotent and cheap when nothing is missing (one query). Returns the challenges it filled.
 */
export async function fillMissingSplits(db: Database, seed: string): Promise<string[]> {
  const rows = await db.select().from(challengeAnswers).where(isNull(challengeAnswers.publicRows));
  const filled: string[] = [];
  for (const row of rows) {
    const challenge = challengeByKey(row.challengeKey);
    if (!challenge) continue;
    const { table } = parseAnswers(gunzipSync(row.answers).toString("utf8"), challenge);
    const publicRows = computePublicRows(challenge, seed, table.ids);
    // Only the answers read here: a load that replaced them meanwhile stored its own split.
    const updated = await db
      .update(challengeAnswers)
      .set({ publicRows: Buffer.from(publicRows) })
      .where(
        and(
          eq(challengeAnswers.challengeKey, row.challengeKey),
          eq(challengeAnswers.version, row.version),
          isNull(challengeAnswers.publicRows),
        ),
      )
      .returning({ key: challengeAnswers.challengeKey });
    if (updated.length > 0) filled.push(row.challengeKey);
  }
  return filled;
}
