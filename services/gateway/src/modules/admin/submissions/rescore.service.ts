import { challengeByKey } from "@tandem/competition/server";
import type { AuditAction, ChallengeRescoreProgress, DomainLeaderboard } from "@tandem/contracts";
import {
  auditLog,
  type Database,
  submissions,
  type Transaction,
  teams,
  type User,
} from "@tandem/db";
import {
  assignFeedback,
  invalidateSubmission,
  type ReopenedSubmission,
  reopenForRescoring,
} from "@tandem/jobs";
import { and, desc, eq, max, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ScoringDispatcher } from "../../../dispatch/dispatcher";
import { type AuditRecord, recordAudit } from "../../../lib/audit";
import { HttpError, notFound } from "../../../lib/http-error";
import type { RankingsService } from "../../leaderboard/rankings.service";
import { type ChallengeRank, challengeRanks, rankMoves, scoreMoves } from "./rescore.moves";

export interface RescoreDeps {
  db: Database;
  dispatcher: ScoringDispatcher;
  rankings: Pick<RankingsService, "changed" | "fresh" | "domain">;
  /**
   * Clears a reopened submission's finished scoring job so it can be enqueued again (BullMQ
   * keeps finished jobs under their per-submission id; see rescore.queue.ts). Embedded mode
   * has none to clear.
   */
  clearFinishedJob?: (submissionId: string) => Promise<boolean>;
  logger: FastifyBaseLogger;
}

type Actor = Pick<User, "id" | "email">;

const CHALLENGE_RESCORE = "challenge.rescore" satisfies AuditAction;
const FRESH_MARGIN_MS = 2_000;

/** The latest of the rows' finishing times, or null when none has one. */
function latest(rows: { scoredAt: Date | null }[]): Date | null {
  let last: Date | null = null;
  for (const { scoredAt } of rows) if (scoredAt && (!last || scoredAt > last)) last = scoredAt;
  return last;
}

/**
 * What a challenge rescore keeps to say later what moved, in its audit entry's `before` (so it
 * needs no table of its own and works in both run modes): the challenge's ranking in the
 * standings shown, and each reopened submission's status and scores as `[status, public,
 * private]`. Ids and numbers only, no secrets.
 */
interface RescoreSnapshot {
  ranking: ChallengeRank[];
  submissions: Record<string, [string, number | null, number | null]>;
}

export const challengeNotFound = (key: string) =>
  notFound("competition.unknown_domain", `Unknown challenge "${key}"`);

/**
 * Sends finished submissions back through the scoring pipeline (the same dispatcher as
 * /submit, the same processor), and invalidates one by hand; each action audited in the
 * transaction that makes it. Re-queuing many runs after the answer, in the background, and is
 * tracked so the app closes only once it ended; a re-queue lost on the way (a crash, Redis
 * down) leaves the rows `queued`, which the reconciler enqueues.
 */
export function createRescoreService(deps: RescoreDeps) {
  const { db, dispatcher, rankings, logger } = deps;
  const running = new Set<Promise<void>>();

  async function requeue(ids: string[], traceId: string, waitMs = 0) {
    let last: "finished" | "pending" = "pending";
    for (const id of ids) {
      if (deps.clearFinishedJob) {
        const cleared = await deps.clearFinishedJob(id).catch((err: unknown) => {
          logger.warn({ err, submissionId: id }, "could not clear the finished scoring job");
          return false;
        });
        // The reconciler enqueues it once the old job is gone.
        if (!cleared) logger.info({ submissionId: id }, "old scoring job still there");
      }
      last = await dispatcher.dispatch(id, { traceId, waitMs });
    }
    return last;
  }

  /** The reopened or invalidated results left the rankings (never fails: see `changed`). */
  async function refresh() {
    await rankings.changed();
  }

  /** Refreshes the rankings (the reopened results left them) and re-queues, after the answer. */
  function inBackground(ids: string[], traceId: string) {
    const task = (async () => {
      await refresh();
      await requeue(ids, traceId);
    })().catch((err: unknown) => logger.error({ err }, "re-queuing for rescoring failed"));
    running.add(task);
    void task.finally(() => running.delete(task));
  }

  /**
   * The challenge's domain board as shown, recomputed here when the cached one may predate a
   * result that finished at `finishedAt`: the workers rebuild the standings behind the scores,
   * at most once per RANKINGS_MIN_GAP_MS (ADR 0012), and what moved must be read from standings
   * that hold every rescored result. The margin covers a result's commit after its clock was read.
   */
  async function domainBoard(challengeKey: string, finishedAt: Date | null = null) {
    const slug = challengeKey.split("/")[0]!;
    const cached = JSON.parse(await rankings.domain(slug)) as DomainLeaderboard;
    if (finishedAt === null) return cached;
    if (Date.parse(cached.updated_at) > finishedAt.getTime() + FRESH_MARGIN_MS) return cached;
    await rankings.fresh();
    return JSON.parse(await rankings.domain(slug)) as DomainLeaderboard;
  }

  /** When the challenge's latest result finished, or null when none has. */
  async function lastFinished(challengeKey: string, tx: Pick<Database, "select">) {
    const [row] = await tx
      .select({ at: max(submissions.scoredAt) })
      .from(submissions)
      .where(eq(submissions.challengeKey, challengeKey));
    return row?.at ?? null;
  }

  async function latestChallengeRescore(challengeKey: string, tx: Pick<Database, "select"> = db) {
    const [entry] = await tx
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, "challenge"),
          eq(auditLog.targetId, challengeKey),
          eq(auditLog.action, CHALLENGE_RESCORE),
        ),
      )
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    return entry;
  }

  async function progress(
    challengeKey: string,
    tx: Pick<Database, "select"> = db,
  ): Promise<ChallengeRescoreProgress | undefined> {
    const entry = await latestChallengeRescore(challengeKey, tx);
    if (!entry) return undefined;
    const snapshot = entry.before as RescoreSnapshot;
    const ids = Object.keys(snapshot.submissions);
    const now = await tx
      .select({
        id: submissions.id,
        status: submissions.status,
        teamId: submissions.teamId,
        teamName: teams.name,
        metricValue: submissions.metricValue,
        privateMetricValue: submissions.privateMetricValue,
        scoredAt: submissions.scoredAt,
      })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(eq(submissions.challengeKey, challengeKey));
    const rescored = now.filter((row) => row.id in snapshot.submissions);
    const unfinished = (status: string) => status === "queued" || status === "scoring";
    const done = rescored.filter((row) => !unfinished(row.status));
    // A submission deleted since (its team dissolved) counts as done.
    const remaining = rescored.length - done.length;
    return {
      challenge_key: challengeKey,
      started_at: entry.createdAt.toISOString(),
      started_by: entry.actorEmail,
      total: ids.length,
      remaining,
      done: ids.length - remaining,
      scores_changed: scoreMoves(
        done.map((row) => {
          const [, publicBefore, privateBefore] = snapshot.submissions[row.id]!;
          return {
            submission_id: row.id,
            team: { id: row.teamId, name: row.teamName },
            public_before: publicBefore,
            public_after: row.metricValue,
            private_before: privateBefore,
            private_after: row.privateMetricValue,
            status: row.status,
          };
        }),
      ),
      ranks_changed: rankMoves(
        snapshot.ranking,
        challengeRanks(
          // Once all are done, from standings that hold the last of them.
          await domainBoard(challengeKey, remaining === 0 ? latest(done) : null),
          challengeKey,
        ),
      ),
    };
  }

  /**
   * Reopens submissions and records the audit entry (`after`: how many were queued) in one
   * transaction, then re-queues them in the background; how many.
   */
  async function reopenAudited(
    actor: Actor,
    traceId: string,
    reopen: (
      tx: Transaction,
    ) => Promise<{ rows: ReopenedSubmission[]; audit: Omit<AuditRecord, "after"> }>,
  ): Promise<number> {
    const reopened = await db.transaction(async (tx) => {
      const { rows, audit } = await reopen(tx);
      await recordAudit(tx, actor, { ...audit, after: { queued: rows.length } });
      return rows;
    });
    inBackground(
      reopened.map((row) => row.id),
      traceId,
    );
    return reopened.length;
  }

  /** The reopened rows' before-values, for the audit entry. */
  const beforeOf = (row: ReopenedSubmission) => ({
    status: row.status,
    public_score: row.metricValue,
    private_score: row.privateMetricValue,
  });

  return {
    progress,

    /** Re-queues one finished submission and waits up to `waitMs` for its new result. */
    async rescoreOne(actor: Actor, id: string, traceId: string, waitMs: number): Promise<void> {
      const reopened = await db.transaction(async (tx) => {
        const [row] = await reopenForRescoring(tx, eq(submissions.id, id));
        if (row) {
          await recordAudit(tx, actor, {
            action: "submission.rescore",
            targetType: "submission",
            targetId: id,
            before: beforeOf(row),
            after: { status: "queued" },
          });
        }
        return row;
      });
      if (!reopened) {
        const [exists] = await db
          .select({ status: submissions.status })
          .from(submissions)
          .where(eq(submissions.id, id));
        if (!exists) throw notFound("admin.submission_not_found", "Submission not found");
        throw new HttpError(
          409,
          "admin.submission_unfinished",
          `The submission is ${exists.status}: rescore it once it has a result.`,
        );
      }
      await refresh();
      await requeue([id], traceId, waitMs);
    },

    /**
     * Re-queues every scored and failed submission of the challenge (after an answer fix),
     * keeping in the audit entry what its results and the challenge's ranking were. One at a
     * time per challenge: a second one while the first runs would snapshot half-done results.
     */
    async rescoreChallenge(actor: Actor, challengeKey: string, traceId: string): Promise<number> {
      if (!challengeByKey(challengeKey)) throw challengeNotFound(challengeKey);
      const ranking = challengeRanks(
        await domainBoard(challengeKey, await lastFinished(challengeKey, db)),
        challengeKey,
      );
      return reopenAudited(actor, traceId, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rescore:${challengeKey}`}))`);
        const previous = await progress(challengeKey, tx);
        if (previous && previous.remaining > 0) {
          throw new HttpError(
            409,
            "admin.rescore_running",
            `A rescore of ${challengeKey} is still running (${previous.remaining} of ${previous.total} left).`,
          );
        }
        const rows = await reopenForRescoring(tx, eq(submissions.challengeKey, challengeKey), [
          "scored",
          "failed",
        ]);
        const snapshot: RescoreSnapshot = {
          ranking,
          submissions: Object.fromEntries(
            rows.map((row) => [row.id, [row.status, row.metricValue, row.privateMetricValue]]),
          ),
        };
        return {
          rows,
          audit: {
            action: CHALLENGE_RESCORE,
            targetType: "challenge",
            targetId: challengeKey,
            before: snapshot,
          },
        };
      });
    },

    /** Re-queues the failed submissions (of one challenge, or all). */
    async retryFailed(actor: Actor, challengeKey: string | null, traceId: string) {
      if (challengeKey !== null && !challengeByKey(challengeKey)) {
        throw challengeNotFound(challengeKey);
      }
      return reopenAudited(actor, traceId, async (tx) => {
        const rows = await reopenForRescoring(
          tx,
          challengeKey === null ? sql`true` : eq(submissions.challengeKey, challengeKey),
          ["failed"],
        );
        return {
          rows,
          audit: {
            action: "submission.retry_failed",
            targetType: "challenge",
            targetId: challengeKey,
            before: { submission_ids: rows.map((row) => row.id) },
          },
        };
      });
    },

    /**
     * Marks the submission invalid with the organizer's reason as its error (invalidateSubmission
     * in @tandem/jobs, which owns every status write), audited in the same transaction.
     */
    async invalidate(actor: Actor, id: string, reason: string): Promise<void> {
      const target = await db.transaction(async (tx) => {
        const before = await invalidateSubmission(tx, id, reason);
        if (!before) throw notFound("admin.submission_not_found", "Submission not found");
        await recordAudit(tx, actor, {
          action: "submission.invalidate",
          targetType: "submission",
          targetId: id,
          before: {
            status: before.status,
            error: before.error,
            public_score: before.publicScore,
            private_score: before.privateScore,
          },
          after: { status: "invalid", error: reason },
        });
        return before;
      });
      // Its team's later scores may show it as their best so far: shown again without it.
      const challenge = challengeByKey(target.challengeKey);
      if (challenge)
        await assignFeedback(db, { teamId: target.teamId, challenge }, { replay: true });
      await refresh();
    },

    /** Waits for the background re-queues (the app's close). */
    async close() {
      await Promise.allSettled([...running]);
    },
  };
}
export type RescoreService = ReturnType<typeof createRescoreService>;
