import { gunzipSync } from "node:zlib";
import { challengeByKey } from "@tandem/competition";
import { type Database, submissions } from "@tandem/db";
import { type AnswersLookup, parseSubmission, scorePredictions } from "@tandem/scoring";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";

export type ProcessOutcome = "scored" | "invalid" | "skipped";

export interface ProcessorDeps {
  db: Database;
  getAnswers: AnswersLookup;
  logger: Logger;
  /** Runs after a counted score is written: the rankings changed. */
  onScored?: () => Promise<void>;
}

/**
 * Scores one submission. Safe to run twice for the same id: the claim only takes a
 * submission that is not finished, and the result is written only over `scoring`.
 */
export function createSubmissionProcessor({ db, getAnswers, logger, onScored }: ProcessorDeps) {
  return async function processSubmission(submissionId: string): Promise<ProcessOutcome> {
    const [claimed] = await db
      .update(submissions)
      .set({ status: "scoring", attempts: sql`${submissions.attempts} + 1` })
      .where(
        and(eq(submissions.id, submissionId), inArray(submissions.status, ["queued", "scoring"])),
      )
      .returning();
    if (!claimed) return "skipped";

    const challenge = challengeByKey(claimed.challengeKey);
    if (!challenge) {
      await finish(submissionId, {
        status: "invalid",
        errorMessage: `Unknown challenge ${claimed.challengeKey}`,
      });
      return "invalid";
    }
    const answers = await getAnswers(challenge);
    if (!answers) throw new Error(`No answers stored for ${challenge.key}`);

    const csv = gunzipSync(claimed.predictions).toString("utf8");
    const parsed = parseSubmission(csv, challenge, {
      expected: answers.table.positions,
      ...(answers.eligible ? { eligibleItems: answers.eligible } : {}),
    });
    if (!parsed.ok) {
      await finish(submissionId, {
        status: "invalid",
        errorMessage: "Submission failed validation",
        validationErrors: parsed.errors,
      });
      return "invalid";
    }
    const value = scorePredictions(challenge, answers, parsed.table);
    const written = await finish(submissionId, {
      status: "scored",
      metricValue: value,
      ...(answers.version !== undefined ? { answersVersion: answers.version } : {}),
    });
    logger.info({ submissionId, challenge: challenge.key, value }, "submission scored");
    if (written && claimed.counted && onScored) {
      // The score is safely stored; a failed refresh only delays the leaderboard until the next one.
      await onScored().catch((err: unknown) => logger.warn({ err }, "rankings refresh failed"));
    }
    return "scored";
  };

  async function finish(
    submissionId: string,
    result: {
      status: "scored" | "invalid";
      metricValue?: number;
      answersVersion?: number;
      errorMessage?: string;
      validationErrors?: string[];
    },
  ): Promise<boolean> {
    const rows = await db
      .update(submissions)
      .set({ ...result, scoredAt: new Date() })
      .where(and(eq(submissions.id, submissionId), eq(submissions.status, "scoring")))
      .returning({ id: submissions.id });
    return rows.length > 0;
  }
}
export type SubmissionProcessor = ReturnType<typeof createSubmissionProcessor>;

/** Marks a submission the platform could not score after every retry. */
export async function markFailed(
  db: Database,
  submissionId: string,
  reason: string,
): Promise<void> {
  await db
    .update(submissions)
    .set({ status: "failed", errorMessage: reason, scoredAt: new Date() })
    .where(
      and(eq(submissions.id, submissionId), inArray(submissions.status, ["queued", "scoring"])),
    );
}
