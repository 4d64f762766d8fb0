import { type Database, type SubmissionStatus, submissions } from "@tandem/db";
import { type SQL, sql } from "drizzle-orm";
import { scoringJobId } from "./queue";

/** Finished submissions an organizer may send back for scoring. */
export const RESCORABLE_STATUSES = [
  "scored",
  "invalid",
  "failed",
] as const satisfies SubmissionStatus[];
export type RescorableStatus = (typeof RESCORABLE_STATUSES)[number];

/** A reopened submission as it was before: what a rescore's "what moved" compares against. */
export interface ReopenedSubmission {
  id: string;
  teamId: string;
  status: RescorableStatus;
  metricValue: number | null;
  privateMetricValue: number | null;
}

/**
 * Puts finished submissions matching `where` (a condition on `submissions`) back in `queued`,
 * their result cleared, for the same processor to score again: an organizer's rescore after an
 * answer fix, or a retry of platform failures. This is the one move out of a finished status,
 * outside the scoring lifecycle's TRANSITIONS, because only an organizer makes it. `attempts`
 * is kept: it fences claims (docs/adr/0008), and lowering it could let a dead run's write
 * through. The claim is cleared, so the reconciler re-enqueues a row whose job never runs.
 * One statement, so any number of rows is reopened at once; answers them as they were before.
 */
export async function reopenForRescoring(
  db: Pick<Database, "execute">,
  where: SQL,
  statuses: readonly RescorableStatus[] = RESCORABLE_STATUSES,
): Promise<ReopenedSubmission[]> {
  const list = sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with old as (
      select ${submissions.id} as id, ${submissions.teamId} as team_id, ${submissions.status} as status,
        ${submissions.metricValue} as metric_value, ${submissions.privateMetricValue} as private_metric_value
      from ${submissions}
      where ${where} and ${submissions.status} in (${list})
      for update
    )
    update ${submissions} set
      status = 'queued', metric_value = null, private_metric_value = null, error_message = null,
      shown_score = null, shown_improved = null, shown_kind = null,
      validation_errors = null, answers_version = null, scored_at = null, claimed_at = null
    from old
    where ${submissions}.id = old.id
    returning old.id, old.team_id, old.status, old.metric_value, old.private_metric_value`)) as unknown as {
    rows: {
      id: string;
      team_id: string;
      status: RescorableStatus;
      metric_value: number | null;
      private_metric_value: number | null;
    }[];
  };
  return result.rows.map((row) => ({
    id: row.id,
    teamId: row.team_id,
    status: row.status,
    metricValue: row.metric_value === null ? null : Number(row.metric_value),
    privateMetricValue: row.private_metric_value === null ? null : Number(row.private_metric_value),
  }));
}

/** The part of a BullMQ queue that finds and removes a job. */
export interface FinishedJobRemover {
  getJobState(jobId: string): Promise<string>;
  remove(jobId: string): Promise<number>;
}

/**
 * Removes the submission's scoring job if it has finished. Job ids are per submission
 * (`score-<id>`) and BullMQ ignores adding an id it still holds, so a reopened submission's
 * finished job must go before the submission can be enqueued again. A waiting or running job
 * is left alone. True when the way is clear.
 */
export async function removeFinishedScoringJob(
  queue: FinishedJobRemover,
  submissionId: string,
): Promise<boolean> {
  const jobId = scoringJobId(submissionId);
  const state = await queue.getJobState(jobId);
  if (state === "unknown") return true;
  if (state !== "completed" && state !== "failed") return false;
  return (await queue.remove(jobId)) === 1;
}
