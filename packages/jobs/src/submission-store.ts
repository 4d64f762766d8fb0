import { type Database, submissions } from "@tandem/db";
import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { assignFeedbackIn, type FeedbackChallenge } from "./feedback-store";
import { PLATFORM_FAILURE_MESSAGE, sourcesOf, UNFINISHED_STATUSES } from "./lifecycle";

/*
 * The lifecycle's reads and writes of `submissions`. Each write is one conditional update
 * guarded by the transitions in lifecycle.ts, so concurrent runs, retries and the reconciler
 * can race without a submission moving twice (docs/adr/0008-submission-claims.md).
 */

/** How long a claim keeps other runs off a submission in `scoring` unless its run gives it back. */
export const DEFAULT_CLAIM_LEASE_MS = 30_000;

/** A claimed row without its file: the worker scores the aligned form and reads the file only without one. */
export type ClaimedSubmission = Omit<typeof submissions.$inferSelect, "predictions">;

const { predictions: _file, ...claimedColumns } = getTableColumns(submissions);

export interface ScoringResult {
  status: "scored" | "invalid";
  /** The score on the public rows (docs/adr/0009): what the team sees before the reveal. */
  metricValue?: number;
  /** The score on the private rows: never shown to a participant before the reveal. */
  privateMetricValue?: number;
  answersVersion?: number;
  errorMessage?: string;
  validationErrors?: string[];
}

const ago = (ms: number): SQL => sql`now() - ${ms} * interval '1 millisecond'`;

/**
 * Moves the submission to `scoring` for this run: from `queued`, or from `scoring` when no run
 * holds it (given back, or its claim older than `leaseMs`: its run died). Undefined when it is
 * finished, missing, or another run holds a live claim.
 */
export async function claimSubmission(
  db: Database,
  submissionId: string,
  { leaseMs = DEFAULT_CLAIM_LEASE_MS }: { leaseMs?: number } = {},
): Promise<ClaimedSubmission | undefined> {
  const [claimed] = await db
    .update(submissions)
    .set({ status: "scoring", attempts: sql`${submissions.attempts} + 1`, claimedAt: sql`now()` })
    .where(
      and(
        eq(submissions.id, submissionId),
        inArray(submissions.status, sourcesOf("scoring")),
        // From `scoring` itself only when no run holds it.
        or(
          ne(submissions.status, "scoring"),
          isNull(submissions.claimedAt),
          lt(submissions.claimedAt, ago(leaseMs)),
        ),
      ),
    )
    .returning(claimedColumns);
  return claimed;
}

/** The stored file (gzipped) of a submission: for rows without a usable aligned form. */
export async function loadSubmissionFile(db: Database, submissionId: string): Promise<Buffer> {
  const [row] = await db
    .select({ predictions: submissions.predictions })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!row) throw new Error(`Submission ${submissionId} is gone`);
  return row.predictions;
}

// A claim is this run's while the submission is in `scoring` with the attempt count the claim
// set: a later claim bumps it, so a run whose claim was taken over can no longer write.
const stillHeld = (claim: ClaimedSubmission) =>
  and(
    eq(submissions.id, claim.id),
    eq(submissions.status, "scoring"),
    eq(submissions.attempts, claim.attempts),
  );

/**
 * Writes the result if this run still holds the claim; false when it does not. A score is
 * written with what the team is shown of it (`challenge`'s feedback policy), in one transaction:
 * no reader sees it scored without its shown score.
 */
export async function finishSubmission(
  db: Database,
  claim: ClaimedSubmission,
  result: ScoringResult,
  challenge?: FeedbackChallenge,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(submissions)
      // The form is spent once scored (ADR 0021: the column holds the backlog only); the time is
      // the database's clock, as created_at's.
      .set({ ...result, aligned: null, scoredAt: sql`now()` })
      .where(stillHeld(claim))
      .returning({ id: submissions.id });
    if (rows.length === 0) return false;
    if (result.status === "scored" && challenge) {
      await assignFeedbackIn(tx as unknown as Database, { teamId: claim.teamId, challenge });
    }
    return true;
  });
}

/** Gives the claim back after a failed try, so the next try need not wait for the lease. */
export async function releaseClaim(db: Database, claim: ClaimedSubmission): Promise<void> {
  await db.update(submissions).set({ claimedAt: null }).where(stillHeld(claim));
}

/** Marks an unfinished submission failed: the platform could not score it after every try. */
export async function markSubmissionFailed(
  db: Database,
  submissionId: string,
  reason: string = PLATFORM_FAILURE_MESSAGE,
): Promise<boolean> {
  const rows = await db
    .update(submissions)
    .set({ status: "failed", errorMessage: reason, aligned: null, scoredAt: sql`now()` })
    .where(and(eq(submissions.id, submissionId), inArray(submissions.status, sourcesOf("failed"))))
    .returning({ id: submissions.id });
  return rows.length > 0;
}

/**
 * The ids of unfinished submissions untouched for `olderThanMs` (since their latest claim, or
 * since they were made when never claimed), oldest first, a page at a time.
 */
export async function* stuckSubmissionPages(
  db: Database,
  { olderThanMs, pageSize = 500 }: { olderThanMs: number; pageSize?: number },
): AsyncGenerator<string[]> {
  const age = sql`coalesce(${submissions.claimedAt}, ${submissions.createdAt})`;
  // The cursor is the last row's age as Postgres prints it: a Date would lose the microseconds.
  let after: { age: string; id: string } | undefined;
  for (;;) {
    const page = await db
      .select({ id: submissions.id, age: sql<string>`${age}::text` })
      .from(submissions)
      .where(
        and(
          inArray(submissions.status, UNFINISHED_STATUSES),
          lt(age, ago(olderThanMs)),
          after
            ? sql`(${age}, ${submissions.id}) > (${after.age}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(age), asc(submissions.id))
      .limit(pageSize);
    if (page.length > 0) yield page.map((row) => row.id);
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}

/**
 * Gives back every claim and lists the unfinished submissions, oldest first. Only for a process
 * that knows no other one is scoring: the embedded server at start, holding the data folder's lock.
 */
export async function reopenUnfinishedSubmissions(db: Database): Promise<string[]> {
  const rows = await db
    .update(submissions)
    .set({ claimedAt: null })
    .where(inArray(submissions.status, UNFINISHED_STATUSES))
    .returning({ id: submissions.id, createdAt: submissions.createdAt });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.id);
}
