import {
  type Database,
  type SubmissionRecord,
  submissionRecordColumns,
  submissions,
} from "@tandem/db";
import { and, desc, eq, gt, gte, ne, sql } from "drizzle-orm";

/*
 * Intake's insert: where a submission enters the lifecycle. Kept here with every other write
 * of a submission's status (docs/adr/0021-workers-score.md, "One lifecycle owner").
 */

type NewSubmission = typeof submissions.$inferInsert;

/**
 * What a submission is admitted as: always `queued`, to be scored by a worker (ADR 0021); the
 * lifecycle's fields are the lifecycle's own.
 */
export type AdmittedValues = Omit<
  NewSubmission,
  | "status"
  | "scoredAt"
  | "metricValue"
  | "privateMetricValue"
  | "shownScore"
  | "shownImproved"
  | "shownKind"
  | "answersVersion"
  | "attempts"
  | "claimedAt"
>;

/** The team's daily limit on the challenge, and how far back an identical payload is answered. */
export interface AdmissionLimit {
  perDay: number;
  since: Date;
  duplicatesSince?: Date;
}

/**
 * `row: undefined` means the idempotency key was already used. `used`: the team's submissions
 * to the challenge that count toward today's limit, before this one (what a submit answer's
 * `remaining_today` is worked out from, with no second count).
 */
export type Admission = { used: number } & (
  | { row: SubmissionRecord | undefined }
  | { duplicate: SubmissionRecord }
  | { limited: true }
);

/**
 * Inserts unless the team has used up today's submissions for the challenge (failed ones
 * do not count). A transaction-scoped advisory lock per team and challenge makes the count
 * and the insert one step, so concurrent requests cannot overshoot the limit.
 * With `duplicatesSince`, the newest identical payload since then is answered instead of
 * inserting, under the same lock, so identical retries arriving together store one row;
 * a failed one is not (a platform failure must not stop the team from sending it again).
 */
export async function admitSubmission(
  db: Database,
  values: AdmittedValues,
  limit: AdmissionLimit,
): Promise<Admission> {
  return db.transaction(async (tx) => {
    // The same lock as the gateway's final marks: this team's submissions to this challenge.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${values.teamId}:${values.challengeKey}`}))`,
    );
    const teamChallenge = [
      eq(submissions.teamId, values.teamId),
      eq(submissions.challengeKey, values.challengeKey),
    ];
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(submissions)
      .where(
        and(
          ...teamChallenge,
          gte(submissions.createdAt, limit.since),
          ne(submissions.status, "failed"),
        ),
      );
    const used = counted?.count ?? 0;
    if (limit.duplicatesSince && values.payloadHash) {
      const [newest] = await tx
        .select(submissionRecordColumns)
        .from(submissions)
        .where(
          and(
            ...teamChallenge,
            eq(submissions.payloadHash, values.payloadHash),
            gt(submissions.createdAt, limit.duplicatesSince),
          ),
        )
        .orderBy(desc(submissions.createdAt))
        .limit(1);
      if (newest && newest.status !== "failed") return { used, duplicate: newest };
    }
    if (used >= limit.perDay) return { used, limited: true as const };
    const [row] = await tx
      .insert(submissions)
      .values({ ...values, status: "queued" })
      .onConflictDoNothing()
      // Not the file and form just sent: intake has them, and reading them back costs megabytes.
      .returning(submissionRecordColumns);
    return { used, row };
  });
}
