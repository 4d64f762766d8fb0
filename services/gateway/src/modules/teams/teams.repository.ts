import { type Database, type Team, teamMembers, teams, users } from "@tandem/db";
import { and, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import {
  deleteMembership,
  type FreshCredentials,
  replaceCredentials,
  type TeamEnd,
  takeOutMember,
} from "../../lib/team-departure";
import { selectTeamMembers } from "../../lib/team-members";

export interface TeamWithMembers {
  team: Team;
  members: { userId: string; username: string; email: string; role: string; joinedAt: Date }[];
}

export type JoinOutcome =
  | { outcome: "joined"; teamId: string }
  | { outcome: "no-team" }
  | { outcome: "already-in-team" }
  | { outcome: "full"; teamName: string };

export type RemoveOutcome =
  | { outcome: "removed"; teamId: string; username: string }
  | { outcome: "no-team" }
  | { outcome: "not-owner" }
  | { outcome: "not-member" }
  | { outcome: "owner-target" };

export type ActivationRequestOutcome =
  | { outcome: "requested"; teamId: string }
  | { outcome: "no-team" }
  | { outcome: "active" }
  | { outcome: "disqualified" }
  | { outcome: "pending"; requestedAt: Date };

/** A dissolved team (its last member left) is kept for audit and is invisible everywhere else. */
const live = isNull(teams.deletedAt);

/** The team the user is a member of (one at most), read in `executor`'s transaction. */
async function teamIdOf(
  executor: Pick<Database, "select">,
  userId: string,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  return row?.teamId;
}

export function createTeamsRepository({ db }: { db: Database }) {
  async function findLive(condition: SQL): Promise<Team | undefined> {
    const [team] = await db.select().from(teams).where(and(condition, live));
    return team;
  }

  const members = (teamId: string) => selectTeamMembers(db, teamId);

  return {
    /** Among live teams only: a dissolved team's name is free again. */
    async nameTaken(name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: teams.id })
        .from(teams)
        .where(and(sql`lower(${teams.name}) = lower(${name})`, live));
      return row !== undefined;
    },

    teamIdOfUser: (userId: string) => teamIdOf(db, userId),

    /** Creates the team and its creator's membership in one transaction. */
    async create(values: {
      name: string;
      creatorId: string;
      apiKeyHash: string;
      apiKeyEncrypted: string;
      inviteCode: string;
    }): Promise<Team> {
      return db.transaction(async (tx) => {
        const [team] = await tx
          .insert(teams)
          .values({
            name: values.name,
            apiKeyHash: values.apiKeyHash,
            apiKeyEncrypted: values.apiKeyEncrypted,
            inviteCode: values.inviteCode,
          })
          .returning();
        await tx
          .insert(teamMembers)
          .values({ teamId: team!.id, userId: values.creatorId, role: "creator" });
        return team!;
      });
    },

    findById(teamId: string): Promise<Team | undefined> {
      return findLive(eq(teams.id, teamId));
    },

    /** The SDK's sign-in: a dissolved team's key no longer names a team. */
    findByApiKeyHash(hash: string): Promise<Team | undefined> {
      return findLive(eq(teams.apiKeyHash, hash));
    },

    /** Whether a member of the team can still sign in (not every one disabled by the organizers). */
    async hasActiveMember(teamId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(eq(teamMembers.teamId, teamId), eq(users.status, "active")))
        .limit(1);
      return row !== undefined;
    },

    async withMembers(teamId: string): Promise<TeamWithMembers | undefined> {
      const team = await this.findById(teamId);
      return team ? { team, members: await members(teamId) } : undefined;
    },

    /**
     * Adds the user to the team holding `inviteCode`, unless it already has `maxMembers`.
     * The team row is locked first, so joins to one team run one at a time (the count below
     * cannot be overtaken) and none interleaves with a leave, a removal or a new invite code.
     */
    async join(inviteCode: string, userId: string, maxMembers: number): Promise<JoinOutcome> {
      return db.transaction(async (tx) => {
        const [team] = await tx
          .select({ id: teams.id, name: teams.name })
          .from(teams)
          .where(and(eq(teams.inviteCode, inviteCode), live))
          .for("update");
        if (!team) return { outcome: "no-team" };
        if (await teamIdOf(tx, userId)) return { outcome: "already-in-team" };
        const [size] = await tx
          .select({ n: count() })
          .from(teamMembers)
          .where(eq(teamMembers.teamId, team.id));
        if ((size?.n ?? 0) >= maxMembers) return { outcome: "full", teamName: team.name };
        // The user may be joining another team at this moment; its lock is not ours, but the
        // one-team-per-user index still lets only one insert through.
        const [inserted] = await tx
          .insert(teamMembers)
          .values({ teamId: team.id, userId, role: "member" })
          .onConflictDoNothing()
          .returning();
        return inserted ? { outcome: "joined", teamId: team.id } : { outcome: "already-in-team" };
      });
    },

    /** Takes the user out of their team in one transaction (`takeOutMember`). */
    async leave(
      userId: string,
      fresh: FreshCredentials,
    ): Promise<{ teamId: string; teamName: string; ended: TeamEnd } | undefined> {
      return db.transaction(async (tx) => {
        const teamId = await teamIdOf(tx, userId);
        if (!teamId) return undefined;
        const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for("update");
        if (!team) return undefined;
        // Under the lock: a removal may have taken the user out in the meantime.
        const departure = await takeOutMember(tx, team, userId, fresh);
        if (!departure) return undefined;
        return { teamId: team.id, teamName: team.name, ended: departure.ended };
      });
    },

    /**
     * The caller (creator or owner) removes a plain member, and the team gets a new API key
     * and invite code in the same transaction: the removed member knew both.
     */
    async removeMember(
      callerId: string,
      memberId: string,
      fresh: FreshCredentials,
    ): Promise<RemoveOutcome> {
      return db.transaction(async (tx) => {
        const teamId = await teamIdOf(tx, callerId);
        if (!teamId) return { outcome: "no-team" };
        await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for("update");
        const roles = await tx
          .select({ userId: teamMembers.userId, role: teamMembers.role, username: users.username })
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(eq(teamMembers.teamId, teamId));
        const caller = roles.find((m) => m.userId === callerId);
        if (!caller) return { outcome: "no-team" };
        if (caller.role === "member") return { outcome: "not-owner" };
        const target = roles.find((m) => m.userId === memberId);
        if (!target) return { outcome: "not-member" };
        if (target.role !== "member") return { outcome: "owner-target" };
        await deleteMembership(tx, teamId, memberId);
        await replaceCredentials(tx, teamId, fresh);
        return { outcome: "removed", teamId: teamId, username: target.username };
      });
    },

    async roleOf(teamId: string, userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ role: teamMembers.role })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      return row?.role;
    },

    /** Replaces the key; the old one stops working with this update. */
    async rotateKey(teamId: string, apiKeyHash: string, apiKeyEncrypted: string): Promise<void> {
      await db
        .update(teams)
        .set({ apiKeyHash, apiKeyEncrypted })
        .where(and(eq(teams.id, teamId), live));
    },

    /** Replaces the invite code; the old one stops joining with this update. */
    async rotateInviteCode(teamId: string, inviteCode: string): Promise<void> {
      await db
        .update(teams)
        .set({ inviteCode })
        .where(and(eq(teams.id, teamId), live));
    },

    /**
     * Records the caller's team's request to be activated (issue 33). One open request at a
     * time: a team that already asked waits for the answer; a declined one may ask again (the
     * new request replaces the declined one). Under the team's row lock, so two members asking
     * at once make one request.
     */
    async requestActivation(
      userId: string,
      message: string | null,
    ): Promise<ActivationRequestOutcome> {
      return db.transaction(async (tx) => {
        const teamId = await teamIdOf(tx, userId);
        if (!teamId) return { outcome: "no-team" };
        const [team] = await tx
          .select()
          .from(teams)
          .where(and(eq(teams.id, teamId), live))
          .for("update");
        if (!team) return { outcome: "no-team" };
        if (team.disqualifiedAt) return { outcome: "disqualified" };
        if (team.status === "active") return { outcome: "active" };
        if (team.activationRequestedAt && !team.activationDeclinedAt) {
          return { outcome: "pending", requestedAt: team.activationRequestedAt };
        }
        await tx
          .update(teams)
          .set({
            activationRequestedAt: new Date(),
            activationRequestMessage: message,
            activationDeclinedAt: null,
            activationDeclineReason: null,
          })
          .where(eq(teams.id, team.id));
        return { outcome: "requested", teamId: team.id };
      });
    },
  };
}
export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
