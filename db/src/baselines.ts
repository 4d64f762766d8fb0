import { and, eq } from "drizzle-orm";
import type { Database } from "./client";
import { challengeAnswers, challengeBaselines } from "./schema";

/**
 * Each challenge's baseline value on its current answers (leaderboards and domain pages both
 * read this, so they agree). A baseline scored against earlier answers says nothing about the
 * current ones and is left out.
 */
export async function loadCurrentBaselines(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ key: challengeBaselines.challengeKey, value: challengeBaselines.metricValue })
    .from(challengeBaselines)
    .innerJoin(
      challengeAnswers,
      and(
        eq(challengeAnswers.challengeKey, challengeBaselines.challengeKey),
        eq(challengeAnswers.version, challengeBaselines.answersVersion),
      ),
    );
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}
