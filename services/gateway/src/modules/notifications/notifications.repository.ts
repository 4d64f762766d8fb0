import {
  type Database,
  digestSends,
  type Submission,
  type SubmissionNoticeKind,
  submissionNotices,
  submissions,
  type Transaction,
  teamMembers,
  teams,
  users,
} from "@tandem/db";
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { MailRecipient } from "../../lib/mail-text";
import { noRow, someRow } from "../../lib/row-exists";

/** The database, or the transaction a claim holds (PGlite runs nothing else while one is open). */
type Executor = Pick<Database, "select">;

export interface NotificationPreferenceFlags {
  submissionProblems: boolean;
  dailyDigest: boolean;
}

/** Who a mail goes to; only a verified address is named in it (lib/mail-text.ts). */
export type Recipient = MailRecipient;

export interface DueNotice {
  submissionId: string;
  kind: SubmissionNoticeKind;
  createdAt: Date;
}

/** A submission a notice is about, with the members who want to hear of it. */
export interface NoticeSubject {
  submission: Pick<Submission, "id" | "challengeKey" | "status" | "errorMessage" | "createdAt">;
  teamName: string;
  recipients: Recipient[];
}

/** The UTC day a digest covers: `[start, end)`, named `YYYY-MM-DD`. */
export interface DigestDay {
  key: string;
  start: Date;
  end: Date;
}

export type DigestSubmission = Pick<
  Submission,
  | "id"
  | "challengeKey"
  | "status"
  | "metricName"
  | "metricValue"
  | "privateMetricValue"
  | "shownScore"
  | "shownImproved"
  | "shownKind"
  | "finalAt"
  | "counted"
  | "scoredAt"
>;

export interface DigestContent {
  recipient: Recipient;
  teamName: string;
  submissions: DigestSubmission[];
}

/** How a claim ended: `busy` (another sweep holds it now) and `taken` (already sent) send nothing. */
export type ClaimOutcome<T> =
  | { status: "sent"; value: T }
  | { status: "busy" }
  | { status: "taken" }
  | { status: "skipped" };

/** Thrown inside a claim's transaction to roll its row back when there is nothing to send. */
class NothingToSend extends Error {}

const PENDING = ["queued", "scoring"] as const;

const verified = sql<boolean>`${users.emailVerifiedAt} is not null`;

export function createNotificationsRepository({ db }: { db: Database }) {
  const liveTeam = isNull(teams.deletedAt);

  /**
   * Runs `work` in a transaction that first takes a non-blocking advisory lock on `lockKey`, then
   * inserts the claim row (`claim` answers false when it exists). The row commits only if `work`
   * resolves with a value: a send that throws rolls it back, so the next sweep tries again, and
   * a concurrent sweep skips what this one holds instead of waiting for its mail server.
   */
  async function underClaim<T>(
    lockKey: string,
    claim: (tx: Transaction) => Promise<boolean>,
    work: (tx: Transaction) => Promise<T | undefined>,
  ): Promise<ClaimOutcome<T>> {
    try {
      return await db.transaction(async (tx) => {
        const lock = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtext('tandem:notifications'), hashtext(${lockKey})) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!lock.rows[0]?.locked) return { status: "busy" as const };
        if (!(await claim(tx))) return { status: "taken" as const };
        const value = await work(tx);
        if (value === undefined) throw new NothingToSend();
        return { status: "sent" as const, value };
      });
    } catch (err) {
      if (err instanceof NothingToSend) return { status: "skipped" };
      throw err;
    }
  }

  return {
    async setPreferences(
      userId: string,
      flags: NotificationPreferenceFlags,
    ): Promise<NotificationPreferenceFlags | undefined> {
      const [row] = await db
        .update(users)
        .set({
          notifySubmissionProblems: flags.submissionProblems,
          notifyDailyDigest: flags.dailyDigest,
        })
        .where(eq(users.id, userId))
        .returning({
          submissionProblems: users.notifySubmissionProblems,
          dailyDigest: users.notifyDailyDigest,
        });
      return row;
    },

    /**
     * Submissions of live teams created since `since` that need a notice not yet sent, oldest
     * first, at most `limit`: failed ones, and pending ones created before `pendingBefore`.
     */
    async dueNotices(options: {
      now: Date;
      since: Date;
      pendingBefore: Date;
      limit: number;
    }): Promise<DueNotice[]> {
      const of = (kind: SubmissionNoticeKind, ...conditions: SQL[]) =>
        db
          .select({ submissionId: submissions.id, createdAt: submissions.createdAt })
          .from(submissions)
          .innerJoin(teams, eq(teams.id, submissions.teamId))
          .where(
            and(
              liveTeam,
              gt(submissions.createdAt, options.since),
              ...conditions,
              noRow(
                db,
                submissionNotices,
                and(
                  eq(submissionNotices.submissionId, submissions.id),
                  eq(submissionNotices.kind, kind),
                ),
              ),
            ),
          )
          .orderBy(asc(submissions.createdAt))
          .limit(options.limit);
      const [failed, delayed] = await Promise.all([
        of("failed", eq(submissions.status, "failed"), lte(submissions.createdAt, options.now)),
        of(
          "delayed",
          inArray(submissions.status, [...PENDING]),
          lte(submissions.createdAt, options.pendingBefore),
        ),
      ]);
      return [
        ...failed.map((row) => ({ ...row, kind: "failed" as const })),
        ...delayed.map((row) => ({ ...row, kind: "delayed" as const })),
      ]
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .slice(0, options.limit);
    },

    /** The submission as it is now, its team, and the members who want submission problems mailed. */
    async noticeSubject(
      submissionId: string,
      executor: Executor = db,
    ): Promise<NoticeSubject | undefined> {
      const [row] = await executor
        .select({
          id: submissions.id,
          challengeKey: submissions.challengeKey,
          status: submissions.status,
          errorMessage: submissions.errorMessage,
          createdAt: submissions.createdAt,
          teamId: teams.id,
          teamName: teams.name,
          teamDeletedAt: teams.deletedAt,
        })
        .from(submissions)
        .innerJoin(teams, eq(teams.id, submissions.teamId))
        .where(eq(submissions.id, submissionId));
      if (!row) return undefined;
      const { teamId, teamName, teamDeletedAt, ...submission } = row;
      // A dissolved team's former members hear nothing more of it.
      const recipients = teamDeletedAt
        ? []
        : await executor
            .select({ email: users.email, username: users.username, verified })
            .from(teamMembers)
            .innerJoin(users, eq(users.id, teamMembers.userId))
            .where(and(eq(teamMembers.teamId, teamId), eq(users.notifySubmissionProblems, true)))
            .orderBy(asc(users.email));
      return { submission, teamName, recipients };
    },

    /**
     * Holds the claim on one notice while `deliver` sends it; `deliver` answers how many members
     * it reached (recorded), or undefined when the notice is no longer due (nothing recorded).
     */
    claimNotice(
      submissionId: string,
      kind: SubmissionNoticeKind,
      deliver: (tx: Executor) => Promise<number | undefined>,
    ): Promise<ClaimOutcome<number>> {
      const row = and(
        eq(submissionNotices.submissionId, submissionId),
        eq(submissionNotices.kind, kind),
      );
      return underClaim(
        `notice:${submissionId}:${kind}`,
        async (tx) => {
          const inserted = await tx
            .insert(submissionNotices)
            .values({ submissionId, kind, recipients: 0 })
            .onConflictDoNothing()
            .returning({ submissionId: submissionNotices.submissionId });
          return inserted.length > 0;
        },
        async (tx) => {
          const recipients = await deliver(tx);
          if (recipients === undefined) return undefined;
          await tx.update(submissionNotices).set({ recipients }).where(row);
          return recipients;
        },
      );
    },

    /**
     * Users with the digest on, in a live team that had submissions scored during `day`, whose
     * digest of that day is not sent yet; at most `limit`.
     */
    async dueDigests(day: DigestDay, limit: number): Promise<string[]> {
      const rows = await db
        .select({ userId: users.id })
        .from(users)
        .innerJoin(teamMembers, eq(teamMembers.userId, users.id))
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(
          and(
            eq(users.notifyDailyDigest, true),
            liveTeam,
            someRow(
              db,
              submissions,
              and(
                eq(submissions.teamId, teams.id),
                eq(submissions.status, "scored"),
                gte(submissions.scoredAt, day.start),
                lt(submissions.scoredAt, day.end),
              ),
            ),
            noRow(
              db,
              digestSends,
              and(eq(digestSends.userId, users.id), eq(digestSends.day, day.key)),
            ),
          ),
        )
        .orderBy(asc(users.id))
        .limit(limit);
      return rows.map((row) => row.userId);
    },

    /** The user's address, team, and the team's submissions scored during `day`, in order. */
    async digestContent(
      userId: string,
      day: DigestDay,
      executor: Executor = db,
    ): Promise<DigestContent | undefined> {
      const [member] = await executor
        .select({
          email: users.email,
          username: users.username,
          verified,
          wantsDigest: users.notifyDailyDigest,
          teamId: teams.id,
          teamName: teams.name,
        })
        .from(users)
        .innerJoin(teamMembers, eq(teamMembers.userId, users.id))
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(and(eq(users.id, userId), liveTeam));
      if (!member?.wantsDigest) return undefined;
      const scored = await executor
        .select({
          id: submissions.id,
          challengeKey: submissions.challengeKey,
          status: submissions.status,
          metricName: submissions.metricName,
          metricValue: submissions.metricValue,
          privateMetricValue: submissions.privateMetricValue,
          shownScore: submissions.shownScore,
          shownImproved: submissions.shownImproved,
          shownKind: submissions.shownKind,
          finalAt: submissions.finalAt,
          counted: submissions.counted,
          scoredAt: submissions.scoredAt,
        })
        .from(submissions)
        .where(
          and(
            eq(submissions.teamId, member.teamId),
            eq(submissions.status, "scored"),
            gte(submissions.scoredAt, day.start),
            lt(submissions.scoredAt, day.end),
          ),
        )
        .orderBy(asc(submissions.scoredAt), asc(submissions.id));
      return {
        recipient: { email: member.email, username: member.username, verified: member.verified },
        teamName: member.teamName,
        submissions: scored,
      };
    },

    /** Holds the claim on one user's digest of `day` while `deliver` sends it. */
    claimDigest(
      userId: string,
      day: DigestDay,
      deliver: (tx: Executor) => Promise<number | undefined>,
    ): Promise<ClaimOutcome<number>> {
      return underClaim(
        `digest:${userId}:${day.key}`,
        async (tx) => {
          const inserted = await tx
            .insert(digestSends)
            .values({ userId, day: day.key })
            .onConflictDoNothing()
            .returning({ userId: digestSends.userId });
          return inserted.length > 0;
        },
        deliver,
      );
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
