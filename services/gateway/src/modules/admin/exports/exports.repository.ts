import { type Database, teamMembers, teams, type User, users } from "@tandem/db";
import { asc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "../../../lib/audit";
import { createTeamFlagsReader } from "../teams/admin-teams.flags";

export interface TeamMemberExportRow {
  teamId: string;
  teamName: string;
  status: string;
  disqualifiedAt: Date | null;
  disqualificationReason: string | null;
  activatedAt: Date | null;
  username: string | null;
  email: string | null;
  role: string | null;
}

export function createExportsRepository({ db }: { db: Database }) {
  const flags = createTeamFlagsReader({ db });
  return {
    /** Every live team's flags, as the console's teams view shows them (admin-teams.flags.ts). */
    teamFlags: () => flags.flagsOf("all"),
    /**
     * Records who took an export before it is sent: teams.csv holds every participant's e-mail,
     * so an export that cannot be recorded is not sent.
     */
    recordExport(actor: Pick<User, "id" | "email">, file: string): Promise<void> {
      return recordAudit(db, actor, {
        action: "export.download",
        targetType: "export",
        targetId: file,
      });
    },
    /** Every live team with each member (a team without members once, with empty member cells). */
    teamMembers(): Promise<TeamMemberExportRow[]> {
      return db
        .select({
          teamId: teams.id,
          teamName: teams.name,
          status: teams.status,
          disqualifiedAt: teams.disqualifiedAt,
          disqualificationReason: teams.disqualificationReason,
          activatedAt: teams.activatedAt,
          username: users.username,
          email: users.email,
          role: teamMembers.role,
        })
        .from(teams)
        .leftJoin(teamMembers, eq(teamMembers.teamId, teams.id))
        .leftJoin(users, eq(users.id, teamMembers.userId))
        .where(isNull(teams.deletedAt))
        .orderBy(
          asc(teams.name),
          sql`case ${teamMembers.role} when 'creator' then 0 when 'owner' then 1 else 2 end`,
          asc(users.username),
        );
    },
  };
}
export type ExportsRepository = ReturnType<typeof createExportsRepository>;
