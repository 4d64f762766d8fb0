import { type Database, type SubmissionStatus, submissions } from "@tandem/db";
import { eq, sql } from "drizzle-orm";

/** The invalidated submission as it was before: what the organizer's audit entry records. */
export interface InvalidatedSubmission {
  teamId: string;
  challengeKey: string;
  status: SubmissionStatus;
  error: string | null;
  publicScore: number | null;
  privateScore: number | null;
}

/**
 * Marks the submission invalid with the organizer's reason as its error: it then counts
 * nowhere. Whatever its status: a run scoring it now cannot write over it (its write is fenced
 * by the `scoring` status), and a queued job finds nothing to claim. Like the rescore's reopen,
 * a move outside TRANSITIONS, because only an organizer makes it. Runs in the caller's
 * transaction (its audit entry goes in the same one); undefined when there is no such
 * submission. The shown scores of the team's later submissions are the caller's to replay.
 */
export async function invalidateSubmission(
  tx: Pick<Database, "select" | "update">,
  id: string,
  reason: string,
): Promise<InvalidatedSubmission | undefined> {
  const [before] = await tx
    .select({
      teamId: submissions.teamId,
      challengeKey: submissions.challengeKey,
      status: submissions.status,
      error: submissions.errorMessage,
      publicScore: submissions.metricValue,
      privateScore: submissions.privateMetricValue,
    })
    .from(submissions)
    .where(eq(submissions.id, id))
    .for("update");
  if (!before) return undefined;
  await tx
    .update(submissions)
    .set({
      status: "invalid",
      errorMessage: reason,
      validationErrors: null,
      metricValue: null,
      privateMetricValue: null,
      shownScore: null,
      shownImproved: null,
      shownKind: null,
      claimedAt: null,
      // Finished: the form of an unscored one is spent (ADR 0021).
      aligned: null,
      scoredAt: sql`coalesce(${submissions.scoredAt}, now())`,
    })
    .where(eq(submissions.id, id));
  return before;
}
