import { QUEUE_RATE_WINDOW_SECONDS } from "@tandem/contracts";
import { type Database, submissions } from "@tandem/db";
import { UNFINISHED_STATUSES } from "@tandem/jobs";
import { inArray, sql } from "drizzle-orm";

export interface QueueCounts {
  /** Queued or scoring. */
  length: number;
  /** Age of the oldest queued or scoring submission, by the database's clock; null when none. */
  oldestWaitSeconds: number | null;
  /** Scored, invalid or failed within the last QUEUE_RATE_WINDOW_SECONDS. */
  finishedInWindow: number;
  /** The database's clock when it answered. */
  asOf: Date;
}

/**
 * The queue's figures in one statement, read from the database (not BullMQ) so both run modes
 * answer the same. Cheap however many submissions there are: the unfinished ones are a range
 * of `submissions_status_idx` and the recently finished ones a range of
 * `submissions_scored_at_idx`, both read without touching the table when vacuumed.
 */
export function createStatusRepository({ db }: { db: Database }) {
  return {
    async counts(): Promise<QueueCounts> {
      const [row] = await db
        .select({
          length: sql<number>`count(*)::int`,
          oldest: sql<
            number | null
          >`floor(extract(epoch from now() - min(${submissions.createdAt})))::int`,
          // A scalar subquery on another alias of the table, so it stays one round trip.
          finished: sql<number>`(select count(*)::int from ${submissions} as finished where finished.scored_at >= now() - ${QUEUE_RATE_WINDOW_SECONDS} * interval '1 second')`,
          // Epoch milliseconds: both drivers (pg, PGlite) answer a float8 as a number.
          asOfMs: sql<number>`(extract(epoch from now()) * 1000)::float8`,
        })
        .from(submissions)
        .where(inArray(submissions.status, UNFINISHED_STATUSES));
      const r = row!;
      return {
        length: r.length,
        oldestWaitSeconds: r.oldest === null ? null : Math.max(0, Number(r.oldest)),
        finishedInWindow: r.finished,
        asOf: new Date(Number(r.asOfMs)),
      };
    },
  };
}

export type StatusRepository = ReturnType<typeof createStatusRepository>;
