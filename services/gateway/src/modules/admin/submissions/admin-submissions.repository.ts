import type { SubmissionStatus } from "@tandem/contracts";
import {
  type Database,
  type Submission,
  type SubmissionFile,
  submissionFileColumns,
  submissions,
  teams,
  users,
} from "@tandem/db";
import { and, desc, eq, getTableColumns, gte, lt, type SQL, sql } from "drizzle-orm";
import type { HistoryPosition } from "../../submissions/submissions.repository";

export interface AdminSubmissionsFilter {
  id?: string;
  teamId?: string;
  challengeKey?: string;
  status?: SubmissionStatus;
  since?: Date;
  until?: Date;
  /** The page starts after this submission (newest first). */
  after?: HistoryPosition;
}

/** A submission with its team's name, its submitter's username and its position for a cursor. */
export type AdminSubmissionRow = Omit<Submission, "predictions"> & {
  teamName: string;
  submitterName: string | null;
  position: HistoryPosition;
};

// Everything but the file: lists and exports never carry predictions.
const { predictions: _file, ...listed } = getTableColumns(submissions);
const createdUs = sql<string>`(extract(epoch from ${submissions.createdAt}) * 1000000)::bigint::text`;

/**
 * Every team's submissions for the organizers. Pages are keyset pages (newest first, ties by
 * id) like a team's history: with a team filter they walk the (team, created_at, id) index, with
 * a status filter the (status, created_at) one, so a page costs the same at any depth.
 */
export function createAdminSubmissionsRepository({ db }: { db: Database }) {
  function conditions(filter: AdminSubmissionsFilter): SQL | undefined {
    const { after } = filter;
    return and(
      filter.id ? eq(submissions.id, filter.id) : undefined,
      filter.teamId ? eq(submissions.teamId, filter.teamId) : undefined,
      filter.challengeKey ? eq(submissions.challengeKey, filter.challengeKey) : undefined,
      filter.status ? eq(submissions.status, filter.status) : undefined,
      filter.since ? gte(submissions.createdAt, filter.since) : undefined,
      filter.until ? lt(submissions.createdAt, filter.until) : undefined,
      after
        ? sql`(${submissions.createdAt}, ${submissions.id}) < (timestamptz 'epoch' + ${after.createdUs.toString()}::bigint * interval '1 microsecond', ${after.id}::uuid)`
        : undefined,
    );
  }

  async function page(
    filter: AdminSubmissionsFilter,
    limit: number,
  ): Promise<AdminSubmissionRow[]> {
    const rows = await db
      .select({ ...listed, teamName: teams.name, submitterName: users.username, createdUs })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .leftJoin(users, eq(users.id, submissions.submittedBy))
      .where(conditions(filter))
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(limit);
    return rows.map(({ createdUs: us, ...row }) => ({
      ...row,
      position: { createdUs: BigInt(us), id: row.id },
    }));
  }

  return {
    page,

    /** Every submission, newest first, `pageSize` at a time: an export never holds them all. */
    async *all(pageSize = 1000): AsyncGenerator<AdminSubmissionRow[]> {
      let after: HistoryPosition | undefined;
      for (;;) {
        const rows = await page(after ? { after } : {}, pageSize);
        if (rows.length > 0) yield rows;
        if (rows.length < pageSize) return;
        after = rows.at(-1)?.position;
      }
    },

    /** One submission with its team's name and submitter (no file). */
    async find(id: string): Promise<AdminSubmissionRow | undefined> {
      const [row] = await page({ id }, 1);
      return row;
    },

    /** The file the team sent (gzip), and what names it. */
    async file(id: string): Promise<SubmissionFile | undefined> {
      const [row] = await db
        .select(submissionFileColumns)
        .from(submissions)
        .where(eq(submissions.id, id));
      return row;
    },
  };
}
export type AdminSubmissionsRepository = ReturnType<typeof createAdminSubmissionsRepository>;
