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
