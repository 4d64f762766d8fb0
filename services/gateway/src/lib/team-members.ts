import type { TeamRole } from "@tandem/contracts";
import { type Database, teamMembers, users } from "@tandem/db";
import { asc, eq } from "drizzle-orm";

/** A team's members with their accounts, earliest joined first: the team's page and the console's. */
export function selectTeamMembers(db: Database, teamId: string) {
  return db
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt));
}

/** What both pages show of a member besides its id (`user_id` on the team page, `id` in the console). */
export const memberFields = (member: {
  username: string;
  email: string;
  role: string;
  joinedAt: Date;
}) => ({
  username: member.username,
  email: member.email,
  role: member.role as TeamRole,
  joined_at: member.joinedAt.toISOString(),
});
