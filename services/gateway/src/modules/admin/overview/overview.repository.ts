import { type Database, submissions, teamMembers, teams, users } from "@tandem/db";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";

export interface WaitingTeam {
  id: string;
  name: string;
  members: number;
  requestedAt: Date;
  message: string | null;
}

/** A live, inactive, not disqualified team whose activation request has no answer yet. */
const waiting = and(
  isNull(teams.deletedAt),
  isNull(teams.disqualifiedAt),
  eq(teams.status, "inactive"),
  isNotNull(teams.activationRequestedAt),
  isNull(teams.activationDeclinedAt),
);

export interface OverviewCounts {
  users: number;
  teams: { active: number; inactive: number; disqualified: number };
  submissions: { today: number; total: number };
  queue: { depth: number; oldestUnscoredAgeSeconds: number | null; failuresLastHour: number };
}

/**
 * The console's front page, read from the database (not the queue) so it answers the same in
 * both run modes. Ages and "today" use the database's clock, as the submissions' times do.
 */
export function createOverviewRepository({ db }: { db: Database }) {
  return {
    /** Teams waiting for activation (issue 33): how many, and the `limit` that asked first. */
    async waitingTeams(limit: number): Promise<{ total: number; teams: WaitingTeam[] }> {
      const [totalRow, rows] = await Promise.all([
        db.select({ total: sql<number>`count(*)::int` }).from(teams).where(waiting),
        db
          .select({
            id: teams.id,
            name: teams.name,
            requestedAt: teams.activationRequestedAt,
            message: teams.activationRequestMessage,
            members: sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`,
          })
          .from(teams)
          .where(waiting)
          .orderBy(asc(teams.activationRequestedAt), asc(teams.id))
          .limit(limit),
      ]);
      return {
        total: totalRow[0]?.total ?? 0,
        teams: rows.map((row) => ({
          id: row.id,
          name: row.name,
          members: Number(row.members),
          requestedAt: row.requestedAt!,
          message: row.message,
        })),
      };
    },

    async counts(): Promise<OverviewCounts> {
      const [userRow, teamRow, submissionRow] = await Promise.all([
        db.select({ total: sql<number>`count(*)::int` }).from(users),
        db
          .select({
            active: sql<number>`(count(*) filter (where ${teams.disqualifiedAt} is null and ${teams.status} = 'active'))::int`,
            inactive: sql<number>`(count(*) filter (where ${teams.disqualifiedAt} is null and ${teams.status} = 'inactive'))::int`,
            disqualified: sql<number>`(count(*) filter (where ${teams.disqualifiedAt} is not null))::int`,
          })
          .from(teams)
          .where(sql`${teams.deletedAt} is null`),
        db
          .select({
            total: sql<number>`count(*)::int`,
            today: sql<number>`(count(*) filter (where ${submissions.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'))::int`,
            depth: sql<number>`(count(*) filter (where ${submissions.status} in ('queued', 'scoring')))::int`,
            oldestAge: sql<
              number | null
            >`floor(extract(epoch from now() - min(${submissions.createdAt}) filter (where ${submissions.status} in ('queued', 'scoring'))))::int`,
            failures: sql<number>`(count(*) filter (where ${submissions.status} = 'failed' and coalesce(${submissions.scoredAt}, ${submissions.createdAt}) >= now() - interval '1 hour'))::int`,
          })
          .from(submissions),
      ]);
      const t = teamRow[0]!;
      const s = submissionRow[0]!;
      return {
        users: userRow[0]!.total,
        teams: { active: t.active, inactive: t.inactive, disqualified: t.disqualified },
        submissions: { today: s.today, total: s.total },
        queue: {
          depth: s.depth,
          oldestUnscoredAgeSeconds: s.oldestAge === null ? null : Math.max(0, Number(s.oldestAge)),
          failuresLastHour: s.failures,
        },
      };
    },
  };
}

export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
