import type { AdminTeamSort, AuditAction } from "@tandem/contracts";
import {
  type Database,
  submissions,
  type Team,
  type Transaction,
  teamMembers,
  teams,
  users,
} from "@tandem/db";
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { recordAudit } from "../../../lib/audit";
import type { KeysetPosition } from "../../../lib/keyset-page";
import { type FreshCredentials, type TeamEnd, takeOutMember } from "../../../lib/team-departure";
import { selectTeamMembers } from "../../../lib/team-members";

type Actor = Parameters<typeof recordAudit>[1];

/** A dissolved team (its last member left) is kept for the record but is in no list. */
const live = isNull(teams.deletedAt);

const standing = sql<string>`case when ${teams.disqualifiedAt} is not null then 'disqualified' else ${teams.status} end`;

export type TeamStanding = "active" | "inactive" | "disqualified";

export interface AdminTeamFilter {
  query?: string;
  standing?: TeamStanding;
  /** Only these teams (the flagged ones). */
  teamIds?: readonly string[];
  sort: AdminTeamSort;
  order: "asc" | "desc";
  after?: KeysetPosition;
}

export interface AdminTeamRecord {
  team: Team;
  standing: TeamStanding;
  members: number;
  submissions: number;
  lastSubmissionAt: Date | null;
  /** The row's sort key as text, for the next page's cursor. */
  sortKey: string;
}

export const TEAM_SORT_KINDS: Record<AdminTeamSort, "text" | "number"> = {
  name: "text",
  status: "text",
  members: "number",
  submissions: "number",
  last_submission: "number",
};

export type ActivationOutcome = "activated" | "already_active" | "not_found";

/** What a team-changing action sets, or null when the team already is as asked. */
type TeamChange = (team: Team) => Partial<Team> | null;

export function createAdminTeamsRepository({ db }: { db: Database }) {
  // Counts per team, computed for each page: 100,000 submissions group in tens of milliseconds,
  // and sorting or paging on them needs them for every team anyway. Built without the database
  // (the app is built before anything is read, even where no database is reachable).
  const qb = new QueryBuilder();
  const submissionStats = qb
    .select({
      teamId: submissions.teamId,
      total: sql<number>`count(*)::int`.as("submission_total"),
      lastAt: sql<Date | null>`max(${submissions.createdAt})`.as("last_at"),
    })
    .from(submissions)
    .groupBy(submissions.teamId)
    .as("submission_stats");
  const memberStats = qb
    .select({
      teamId: teamMembers.teamId,
      total: sql<number>`count(*)::int`.as("member_total"),
    })
    .from(teamMembers)
    .groupBy(teamMembers.teamId)
    .as("member_stats");

  const memberCount = sql<number>`coalesce(${memberStats.total}, 0)`;
  const submissionCount = sql<number>`coalesce(${submissionStats.total}, 0)`;
  // Teams that never submitted sort as the oldest (before every real time in ascending order).
  const lastUs = sql<string>`coalesce((extract(epoch from ${submissionStats.lastAt}) * 1000000)::bigint, -1)`;

  const sortKeys: Record<AdminTeamSort, SQL> = {
    name: sql`${teams.name}`,
    status: standing,
    members: memberCount,
    submissions: submissionCount,
    last_submission: lastUs,
  };

  async function select(
    condition: SQL | undefined,
    sort: AdminTeamSort = "name",
    order: "asc" | "desc" = "asc",
    limit?: number,
  ): Promise<AdminTeamRecord[]> {
    const key = sortKeys[sort];
    const direction = order === "asc" ? asc : desc;
    const query = db
      .select({
        team: teams,
        standing,
        members: memberCount,
        submissions: submissionCount,
        lastAt: submissionStats.lastAt,
        sortKey: sql<string>`(${key})::text`,
      })
      .from(teams)
      .leftJoin(submissionStats, eq(submissionStats.teamId, teams.id))
      .leftJoin(memberStats, eq(memberStats.teamId, teams.id))
      .where(and(live, condition))
      .orderBy(direction(key), direction(teams.id));
    const rows = await (limit === undefined ? query : query.limit(limit));
    return rows.map((row) => ({
      team: row.team,
      standing: row.standing as TeamStanding,
      members: Number(row.members),
      submissions: Number(row.submissions),
      // Raw aggregate in a subquery: the driver may hand back text.
      lastSubmissionAt: row.lastAt === null ? null : new Date(row.lastAt),
      sortKey: row.sortKey,
    }));
  }

  /** Locks the live team, applies `change` and records it, all in one transaction. */
  async function changeTeam(
    actor: Actor,
    teamId: string,
    action: AuditAction,
    change: TeamChange,
  ): Promise<{ changed: boolean } | undefined> {
    return db.transaction(async (tx) => {
      const team = await lockTeam(tx, teamId);
      if (!team) return undefined;
      const values = change(team);
      if (!values) return { changed: false };
      await tx.update(teams).set(values).where(eq(teams.id, teamId));
      const keys = Object.keys(values) as (keyof Team)[];
      await recordAudit(tx, actor, {
        action,
        targetType: "team",
        targetId: teamId,
        before: auditView(Object.fromEntries(keys.map((k) => [k, team[k]]))),
        after: auditView(values),
      });
      return { changed: true };
    });
  }

  return {
    /** One page of live teams, `limit` at most, after `filter.after` in the sort order. */
    list(filter: AdminTeamFilter, limit: number): Promise<AdminTeamRecord[]> {
      const key = sortKeys[filter.sort];
      const { after } = filter;
      const kind = TEAM_SORT_KINDS[filter.sort];
      const afterKey = after
        ? kind === "number"
          ? sql`${after.key}::bigint`
          : sql`${after.key}::text`
        : undefined;
      return select(
        and(
          // Names are stored lowercase; strpos needs no escaping of LIKE's wildcards.
          filter.query ? sql`strpos(${teams.name}, lower(${filter.query})) > 0` : undefined,
          filter.standing ? sql`${standing} = ${filter.standing}` : undefined,
          filter.teamIds ? inArray(teams.id, [...filter.teamIds]) : undefined,
          after
            ? filter.order === "asc"
              ? sql`(${key}, ${teams.id}) > (${afterKey}, ${after.id}::uuid)`
              : sql`(${key}, ${teams.id}) < (${afterKey}, ${after.id}::uuid)`
            : undefined,
        ),
        filter.sort,
        filter.order,
        limit,
      );
    },

    async find(teamId: string): Promise<AdminTeamRecord | undefined> {
      const [row] = await select(eq(teams.id, teamId));
      return row;
    },

    members(teamId: string) {
      return selectTeamMembers(db, teamId);
    },

    /** Per challenge: submissions, and the highest and lowest public score of counted, scored ones. */
    challengeStats(teamId: string) {
      const ranked = sql`${submissions.status} = 'scored' and ${submissions.counted} and ${submissions.metricValue} is not null`;
      return db
        .select({
          challengeKey: submissions.challengeKey,
          total: sql<number>`count(*)::int`,
          highest: sql<number | null>`max(${submissions.metricValue}) filter (where ${ranked})`,
          lowest: sql<number | null>`min(${submissions.metricValue}) filter (where ${ranked})`,
        })
        .from(submissions)
        .where(eq(submissions.teamId, teamId))
        .groupBy(submissions.challengeKey);
    },

    latestSubmissions(teamId: string, limit: number) {
      return db
        .select()
        .from(submissions)
        .where(eq(submissions.teamId, teamId))
        .orderBy(desc(submissions.createdAt), desc(submissions.id))
        .limit(limit);
    },

    /** Activates each named team in one transaction; an entry per id, in the order given. */
    async activateMany(
      actor: Actor,
      teamIds: string[],
    ): Promise<{ teamId: string; outcome: ActivationOutcome }[]> {
      const ids = [...new Set(teamIds)];
      return db.transaction(async (tx) => {
        const now = new Date();
        const inactive = and(inArray(teams.id, ids), eq(teams.status, "inactive"), live);
        // The open requests these activations answer, for the audit (the columns are cleared).
        const asked = await tx
          .select({
            id: teams.id,
            requestedAt: teams.activationRequestedAt,
            message: teams.activationRequestMessage,
            declinedAt: teams.activationDeclinedAt,
          })
          .from(teams)
          .where(inactive)
          .for("update");
        const requestOf = new Map(asked.map((row) => [row.id, row]));
        // The members hear of it by e-mail (issue 33): the sweep sends what `activation_mail` owes.
        const activated = await tx
          .update(teams)
          .set({
            status: "active",
            activatedAt: now,
            activationRequestedAt: null,
            activationRequestMessage: null,
            activationDeclinedAt: null,
            activationDeclineReason: null,
            activationMail: "activated",
          })
          .where(inactive)
          .returning({ id: teams.id, activatedAt: teams.activatedAt });
        const existing = await tx
          .select({ id: teams.id })
          .from(teams)
          .where(and(inArray(teams.id, ids), live));
        const done = new Set(activated.map((row) => row.id));
        const known = new Set(existing.map((row) => row.id));
        for (const row of activated) {
          const request = requestOf.get(row.id);
          await recordAudit(tx, actor, {
            action: "team.activate",
            targetType: "team",
            targetId: row.id,
            before: {
              status: "inactive",
              ...(request?.requestedAt
                ? {
                    activation_requested_at: request.requestedAt,
                    activation_request_message: request.message,
                    activation_declined_at: request.declinedAt,
                  }
                : {}),
            },
            after: { status: "active", activated_at: row.activatedAt },
          });
        }
        return ids.map((teamId) => ({
          teamId,
          outcome: done.has(teamId)
            ? "activated"
            : known.has(teamId)
              ? "already_active"
              : "not_found",
        }));
      });
    },

    /**
     * Declines the team's open activation request (issue 33), with the organizer's reason if
     * any: the team sees it on its dashboard and by e-mail, and may ask again. `no-request`
     * when there is none open (never asked, already declined, or the team is active).
     */
    async declineActivation(
      actor: Actor,
      teamId: string,
      reason: string | null,
    ): Promise<"declined" | "no-request" | undefined> {
      return db.transaction(async (tx) => {
        const team = await lockTeam(tx, teamId);
        if (!team) return undefined;
        if (
          team.status !== "inactive" ||
          !team.activationRequestedAt ||
          team.activationDeclinedAt
        ) {
          return "no-request";
        }
        const declinedAt = new Date();
        await tx
          .update(teams)
          .set({
            activationDeclinedAt: declinedAt,
            activationDeclineReason: reason,
            activationMail: "declined",
          })
          .where(eq(teams.id, teamId));
        await recordAudit(tx, actor, {
          action: "team.decline_activation",
          targetType: "team",
          targetId: teamId,
          before: {
            activation_requested_at: team.activationRequestedAt,
            activation_request_message: team.activationRequestMessage,
          },
          after: { activation_declined_at: declinedAt, activation_decline_reason: reason },
        });
        return "declined";
      });
    },

    deactivate(actor: Actor, teamId: string) {
      // activated_at stays: it records that the team was ever active (kept if it dissolves).
      return changeTeam(actor, teamId, "team.deactivate", (team) =>
        team.status === "inactive" ? null : { status: "inactive" },
      );
    },

    disqualify(actor: Actor, teamId: string, reason: string) {
      return changeTeam(actor, teamId, "team.disqualify", (team) => {
        if (team.disqualifiedAt && team.disqualificationReason === reason) return null;
        // A new reason for a disqualified team keeps the time it was disqualified.
        return team.disqualifiedAt
          ? { disqualificationReason: reason }
          : { disqualifiedAt: new Date(), disqualificationReason: reason };
      });
    },

    reinstate(actor: Actor, teamId: string) {
      return changeTeam(actor, teamId, "team.reinstate", (team) =>
        team.disqualifiedAt ? { disqualifiedAt: null, disqualificationReason: null } : null,
      );
    },

    setDailyLimit(actor: Actor, teamId: string, dailyLimit: number | null) {
      return changeTeam(actor, teamId, "team.daily_limit", (team) =>
        team.dailyLimit === dailyLimit ? null : { dailyLimit },
      );
    },

    /** Replaces the team's API key; the audit says that it happened, never the key. */
    async rotateKey(
      actor: Actor,
      teamId: string,
      fresh: { apiKeyHash: string; apiKeyEncrypted: string },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await lockTeam(tx, teamId))) return false;
        await tx.update(teams).set(fresh).where(eq(teams.id, teamId));
        await recordAudit(tx, actor, {
          action: "team.rotate_key",
          targetType: "team",
          targetId: teamId,
        });
        return true;
      });
    },

    /**
     * Takes a member out of the team as if they left (`takeOutMember`: ownership handed over,
     * the team ended with its last member, or else a new key and invite code), in one
     * transaction with its audit entry.
     */
    async removeMember(
      actor: Actor,
      teamId: string,
      userId: string,
      fresh: FreshCredentials,
    ): Promise<{ outcome: "no-team" | "not-member" } | { outcome: "removed"; ended: TeamEnd }> {
      return db.transaction(async (tx) => {
        const team = await lockTeam(tx, teamId);
        if (!team) return { outcome: "no-team" as const };
        const departure = await takeOutMember(tx, team, userId, fresh);
        if (!departure) return { outcome: "not-member" as const };
        const { role, ended, newOwner } = departure;
        const [member] = await tx
          .select({ username: users.username })
          .from(users)
          .where(eq(users.id, userId));
        await recordAudit(tx, actor, {
          action: "team.remove_member",
          targetType: "team",
          targetId: teamId,
          before: { user_id: userId, username: member?.username, role },
          after: { ended, new_owner_id: newOwner, key_and_invite_code_replaced: ended === null },
        });
        return { outcome: "removed" as const, ended };
      });
    },
  };
}
export type AdminTeamsRepository = ReturnType<typeof createAdminTeamsRepository>;

async function lockTeam(tx: Transaction, teamId: string): Promise<Team | undefined> {
  const [team] = await tx
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), live))
    .for("update");
  return team;
}

/** Column names as the API spells them (`daily_limit`), for the audit's before and after. */
function auditView(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      value,
    ]),
  );
}
