import { submissions, type Team, type Transaction, teamMembers, teams } from "@tandem/db";
import { and, asc, eq } from "drizzle-orm";

/** A new API key (hashed and encrypted) and invite code, for when a member goes. */
export interface FreshCredentials {
  apiKeyHash: string;
  apiKeyEncrypted: string;
  inviteCode: string;
}

/** What became of the team: dissolved or deleted with its last member, or still going (null). */
export type TeamEnd = "dissolved" | "deleted" | null;

export interface Departure {
  /** The role the member had. */
  role: string;
  ended: TeamEnd;
  /** The member who took over ownership, if the one who went was the last creator or owner. */
  newOwner: string | null;
}

/**
 * Takes `userId` out of `team` (locked by the caller), the same whether they leave or an
 * organizer removes them. A creator or owner going hands ownership to the longest-standing
 * remaining member. The last member going ends a team that was ever activated or has
 * submissions by dissolving it (kept, for audit) and deletes any other (it has no scored work).
 * Otherwise the team gets `fresh` credentials: the member knew its key and invite code, and the
 * spec's SDK contract is one key per team (`team_name` + key), so the key is rotated rather than
 * made per member. Undefined when the user is not a member.
 */
export async function takeOutMember(
  tx: Transaction,
  team: Team,
  userId: string,
  fresh: FreshCredentials,
): Promise<Departure | undefined> {
  const left = await deleteMembership(tx, team.id, userId);
  if (!left) return undefined;
  const remaining = await tx
    .select({ userId: teamMembers.userId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, team.id))
    .orderBy(asc(teamMembers.joinedAt));
  if (remaining.length === 0) {
    const [work] = await tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.teamId, team.id))
      .limit(1);
    if (team.activatedAt || team.status === "active" || work) {
      await tx.update(teams).set({ deletedAt: new Date() }).where(eq(teams.id, team.id));
      return { role: left.role, ended: "dissolved", newOwner: null };
    }
    await tx.delete(teams).where(eq(teams.id, team.id));
    return { role: left.role, ended: "deleted", newOwner: null };
  }
  await replaceCredentials(tx, team.id, fresh);
  let newOwner: string | null = null;
  if (left.role !== "member" && remaining.every((m) => m.role === "member")) {
    const heir = remaining[0]!;
    await tx
      .update(teamMembers)
      .set({ role: "owner" })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, heir.userId)));
    newOwner = heir.userId;
  }
  return { role: left.role, ended: null, newOwner };
}

/** Deletes the user's membership of the team; answers the role it held, if there was one. */
export async function deleteMembership(tx: Transaction, teamId: string, userId: string) {
  const [membership] = await tx
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ role: teamMembers.role });
  return membership;
}

/** Replaces the team's key and invite code, in the transaction that takes a member out. */
export async function replaceCredentials(tx: Transaction, teamId: string, fresh: FreshCredentials) {
  await tx.update(teams).set(fresh).where(eq(teams.id, teamId));
}
