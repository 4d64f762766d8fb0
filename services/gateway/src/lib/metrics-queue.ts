import { type Database, submissions } from "@tandem/db";
import { UNFINISHED_STATUSES } from "@tandem/jobs";
import { inArray, sql } from "drizzle-orm";
import type { QueueFigures } from "./metrics";

/**
 * The queue as the database sees it (both run modes alike), in one statement per scrape: the
 * unfinished submissions are one range of `submissions_status_idx` (status, created_at), so the
 * cost follows the queue's length, not the table's.
 */
export async function readQueueFigures(db: Database): Promise<QueueFigures> {
  const [row] = await db
    .select({
      depth: sql<number>`count(*)::int`,
      oldest: sql<number | null>`extract(epoch from now() - min(${submissions.createdAt}))::float8`,
    })
    .from(submissions)
    .where(inArray(submissions.status, UNFINISHED_STATUSES));
  return {
    depth: row?.depth ?? 0,
    oldestWaitSeconds: row?.oldest == null ? 0 : Math.max(0, Number(row.oldest)),
  };
}
