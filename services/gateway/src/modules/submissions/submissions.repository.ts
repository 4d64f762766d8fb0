import type { SubmissionStatus } from "@tandem/contracts";
import {
  type Database,
  rankedResultColumns,
  rankedSubmission,
  type SubmissionFile,
  type SubmissionRecord,
  submissionFileColumns,
  submissionRecordColumns,
  submissions,
  testSets,
  users,
} from "@tandem/db";
import {
  type Admission,
  type AdmissionLimit,
  type AdmittedValues,
  admitSubmission,
} from "@tandem/jobs";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  isNotNull,
  like,
  lte,
  max,
  ne,
  or,
  sql,
} from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { TimePosition } from "../../lib/keyset-page";

/** Where a history page starts: after the submission at `createdUs` (µs since the epoch) and `id`. */
export type HistoryPosition = TimePosition;

export interface HistoryFilter {
  domainSlug?: string;
  challengeKey?: string;
  status?: SubmissionStatus;
  /** The page starts after this submission (newest first). */
  after?: HistoryPosition;
}

/** A history entry: the submission, its submitter's username, and its position for the cursor. */
export type HistoryRow = SubmissionRecord & {
  submitterName: string | null;
  position: HistoryPosition;
};

/** Per challenge: the team's submission counts (`usedSince`: not failed, since the day began). */
export interface ChallengeActivity {
  challengeKey: string;
  total: number;
  usedSince: number;
  lastAt: Date | null;
}

/** The team's submission `id`: a lookup by id never reaches another team's. */
const teamSubmission = (teamId: string, id: string) =>
  and(eq(submissions.teamId, teamId), eq(submissions.id, id));

/** The team's submissions to one challenge. */
const teamChallenge = (teamId: string, challengeKey: string) =>
  and(eq(submissions.teamId, teamId), eq(submissions.challengeKey, challengeKey));

export function createSubmissionsRepository({ db }: { db: Database }) {
  /** The `columns` of the team's submission `id`. */
  async function teamRow<Columns extends SelectedFields>(
    columns: Columns,
    teamId: string,
    id: string,
  ) {
    const [row] = await db.select(columns).from(submissions).where(teamSubmission(teamId, id));
    return row;
  }

  return {
    /** Each challenge's current answers version (a reload of the data raises it). */
    async answersVersions(): Promise<Map<string, number>> {
      const rows = await db
        .select({ key: testSets.challengeKey, version: testSets.version })
        .from(testSets);
      return new Map(rows.map((row) => [row.key, row.version]));
    },
    /** Intake's insert, owned by the lifecycle (`admitSubmission` in @tandem/jobs). */
    insertWithinLimit(values: AdmittedValues, limit: AdmissionLimit): Promise<Admission> {
      return admitSubmission(db, values, limit);
    },

    /**
     * One page of the team's submissions, newest first (ties by id), after `filter.after`: keyset
     * paging on the (team, created_at, id) index, so a page costs the same at any depth. The
     * position is kept in microseconds, the database's own precision, for an exact next page.
     */
    async history(
      teamId: string,
      limit: number,
      filter: HistoryFilter = {},
    ): Promise<HistoryRow[]> {
      const createdUs = sql<string>`(extract(epoch from ${submissions.createdAt}) * 1000000)::bigint::text`;
      const { after } = filter;
      const rows = await db
        // Never the stored file: 25 rows of files of a few hundred KB each made the dashboard's
        // first page take 800 ms (issue 33).
        .select({ ...submissionRecordColumns, submitterName: users.username, createdUs })
        .from(submissions)
        .leftJoin(users, eq(users.id, submissions.submittedBy))
        .where(
          and(
            eq(submissions.teamId, teamId),
            filter.domainSlug
              ? like(submissions.challengeKey, `${filter.domainSlug}/%`)
              : undefined,
            filter.challengeKey ? eq(submissions.challengeKey, filter.challengeKey) : undefined,
            filter.status ? eq(submissions.status, filter.status) : undefined,
            after
              ? sql`(${submissions.createdAt}, ${submissions.id}) < (timestamptz 'epoch' + ${after.createdUs.toString()}::bigint * interval '1 microsecond', ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(submissions.createdAt), desc(submissions.id))
        .limit(limit);
      return rows.map(({ createdUs: us, ...row }) => ({
        ...row,
        position: { createdUs: BigInt(us), id: row.id },
      }));
    },

    /** The team's submissions to one challenge since `since` that count toward the daily limit. */
    async usedSince(teamId: string, challengeKey: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ used: count() })
        .from(submissions)
        .where(
          and(
            teamChallenge(teamId, challengeKey),
            gte(submissions.createdAt, since),
            ne(submissions.status, "failed"),
          ),
        );
      return row?.used ?? 0;
    },

    /** Per challenge the team sent to: how many submissions, how many today, the latest. */
    async activity(teamId: string, dayStart: Date): Promise<ChallengeActivity[]> {
      const rows = await db
        .select({
          challengeKey: submissions.challengeKey,
          total: count(),
          usedSince: sql<number>`(count(*) filter (where ${submissions.createdAt} >= ${dayStart.toISOString()}::timestamptz and ${submissions.status} <> 'failed'))::int`,
          lastAt: max(submissions.createdAt),
        })
        .from(submissions)
        .where(eq(submissions.teamId, teamId))
        .groupBy(submissions.challengeKey);
      return rows;
    },

    /** The team's counted, scored submissions: what its challenge results are made of. */
    countedResults(teamId: string) {
      return db
        .select(rankedResultColumns)
        .from(submissions)
        .where(and(eq(submissions.teamId, teamId), rankedSubmission));
    },

    /**
     * Per challenge, the team's submissions that may be marked final (scored and counted) that
     * the final-pick card lists: every marked one, the `best` by `shown` score (the one the team
     * sees: never the hidden one), and the `newest`; newest first, each with its challenge's
     * count of eligible submissions. One pass over the team's rows, no files. Under a `ladder`
     * policy many show the same best-so-far; the one that earned it (`shownImproved`) comes first.
     */
    async finalCandidates(
      teamId: string,
      options: {
        best: number;
        newest: number;
        lowerIsBetter: readonly string[];
        revealed: boolean;
      },
    ): Promise<(Omit<HistoryRow, "position"> & { eligible: number })[]> {
      // After the reveal a counted submission shows its private score (submissions.view.ts).
      const shown = options.revealed
        ? sql`coalesce(${submissions.privateMetricValue}, ${submissions.shownScore})`
        : sql`case when ${submissions.shownKind} = 'public' then ${submissions.shownScore} end`;
      const lower =
        options.lowerIsBetter.length > 0
          ? sql`${submissions.challengeKey} in (${sql.join(
              options.lowerIsBetter.map((key) => sql`${key}`),
              sql`, `,
            )})`
          : sql`false`;
      const byChallenge = sql`partition by ${submissions.challengeKey}`;
      const ranked = db
        .select({
          ...submissionRecordColumns,
          submitterName: sql<string | null>`${users.username}`.as("submitter_name"),
          bestPlace:
            sql<number>`row_number() over (${byChallenge} order by case when ${lower} then ${shown} else -(${shown}) end asc nulls last, ${submissions.shownImproved} desc nulls last, ${submissions.createdAt} desc)`.as(
              "best_place",
            ),
          newPlace:
            sql<number>`row_number() over (${byChallenge} order by ${submissions.createdAt} desc, ${submissions.id} desc)`.as(
              "new_place",
            ),
          eligible: sql<number>`(count(*) over (${byChallenge}))::int`.as("eligible"),
        })
        .from(submissions)
        .leftJoin(users, eq(users.id, submissions.submittedBy))
        .where(and(eq(submissions.teamId, teamId), rankedSubmission))
        .as("ranked");
      const rows = await db
        .select()
        .from(ranked)
        .where(
          or(
            lte(ranked.bestPlace, options.best),
            lte(ranked.newPlace, options.newest),
            isNotNull(ranked.finalAt),
          ),
        )
        .orderBy(desc(ranked.createdAt), desc(ranked.id));
      return rows.map(({ bestPlace: _best, newPlace: _new, ...row }) => row);
    },

    /** Each challenge's answer row count: the rows a submission must have. */
    async expectedRows(): Promise<Map<string, number>> {
      const rows = await db
        .select({ key: testSets.challengeKey, rows: testSets.rowCount })
        .from(testSets);
      return new Map(rows.map((row) => [row.key, row.rows]));
    },

    /**
     * Marks the team's submission as final unless `limit` of its submissions to that challenge
     * already are (answers those, oldest mark first). Under the same advisory lock as
     * admitSubmission, so two marks at once cannot both take the last place. Marking a
     * marked one changes nothing.
     */
    async markFinal(
      teamId: string,
      submission: Pick<SubmissionRecord, "id" | "challengeKey">,
      limit: number,
    ): Promise<{ row: SubmissionRecord } | { limited: SubmissionRecord[] }> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`${teamId}:${submission.challengeKey}`}))`,
        );
        const marked = await tx
          .select(submissionRecordColumns)
          .from(submissions)
          .where(
            and(teamChallenge(teamId, submission.challengeKey), isNotNull(submissions.finalAt)),
          )
          .orderBy(asc(submissions.finalAt), asc(submissions.createdAt));
        const already = marked.find((row) => row.id === submission.id);
        if (already) return { row: already };
        if (marked.length >= limit) return { limited: marked };
        const [row] = await tx
          .update(submissions)
          .set({ finalAt: sql`now()` })
          .where(teamSubmission(teamId, submission.id))
          .returning(submissionRecordColumns);
        if (!row) throw new Error("The submission to mark final was not found");
        return { row };
      });
    },

    /** Unmarks the team's submission (whether it was marked or not). */
    async unmarkFinal(teamId: string, id: string): Promise<SubmissionRecord | undefined> {
      const [row] = await db
        .update(submissions)
        .set({ finalAt: null })
        .where(teamSubmission(teamId, id))
        .returning(submissionRecordColumns);
      return row;
    },

    /** One of the team's submissions without its file and form: what an answer about it needs. */
    findForTeam: (teamId: string, id: string): Promise<SubmissionRecord | undefined> =>
      teamRow(submissionRecordColumns, teamId, id),

    /** One of the team's submissions with its stored file (the download). */
    fileOfTeam: (teamId: string, id: string): Promise<SubmissionFile | undefined> =>
      teamRow(submissionFileColumns, teamId, id),

    /** One of the team's submissions with its submitter's username. */
    async findWithSubmitter(
      teamId: string,
      id: string,
    ): Promise<(SubmissionRecord & { submitterName: string | null }) | undefined> {
      const [row] = await db
        .select({ ...submissionRecordColumns, submitterName: users.username })
        .from(submissions)
        .leftJoin(users, eq(users.id, submissions.submittedBy))
        .where(teamSubmission(teamId, id));
      return row;
    },

    /** A key names one retry of one challenge's submission: another challenge's is not it. */
    async findByIdempotencyKey(
      teamId: string,
      challengeKey: string,
      key: string,
    ): Promise<SubmissionRecord | undefined> {
      const [row] = await db
        .select(submissionRecordColumns)
        .from(submissions)
        .where(and(teamChallenge(teamId, challengeKey), eq(submissions.idempotencyKey, key)));
      return row;
    },
  };
}
export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;
