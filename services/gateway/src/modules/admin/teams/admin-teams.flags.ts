import { type AdminTeamFlag, emailKey, IDENTICAL_PREDICTIONS_MAX_TEAMS } from "@tandem/contracts";
import {
  challengeBaselines,
  type Database,
  submissions,
  teamMembers,
  teams,
  users,
} from "@tandem/db";
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";

type DuplicateParticipant = Extract<AdminTeamFlag, { kind: "duplicate_participant" }>;
type IdenticalPredictions = Extract<AdminTeamFlag, { kind: "identical_predictions" }>;

/** Which teams to flag: these, or every live team (the exports, the "flagged" filter). */
export type FlagScope = readonly string[] | "all";

/**
 * The console's flags (issue 30), for the organizers' judgement: nothing here changes a team.
 *
 * Duplicate participants: since migration 0012 no two accounts share an e-mail key, so the
 * only pairs are accounts made before the rule, whose later ones were left without a key. Their
 * keys are worked out here with the same `emailKey` as sign-up.
 *
 * Identical predictions: live teams whose submissions to a challenge have the same content hash.
 * The baseline decision: a file sent by more than IDENTICAL_PREDICTIONS_MAX_TEAMS teams is not
 * flagged (every team that sends the shipped baseline notebook's output unchanged, or the
 * sample submission, shares its hash: flagging those would bury the few real pairs), and a
 * flagged file that scores exactly as the challenge's baseline on both parts says so, for the
 * small edition where two or three teams send the baseline unchanged. Dissolved teams are left
 * out: they rank nowhere, and a team re-formed under a new name would match its old self.
 */
export function createTeamFlagsReader({ db }: { db: Database }) {
  async function duplicateParticipants(scope: FlagScope): Promise<Map<string, AdminTeamFlag[]>> {
    const flags = new Map<string, AdminTeamFlag[]>();
    const unkeyed = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(isNull(users.emailKey));
    if (unkeyed.length === 0) return flags;
    const keyOf = new Map(unkeyed.map((user) => [user.id, emailKey(user.email)]));
    const holders = await db
      .select({ id: users.id, key: users.emailKey })
      .from(users)
      .where(inArray(users.emailKey, [...new Set(keyOf.values())]));
    for (const holder of holders) keyOf.set(holder.id, holder.key!);
    const byKey = new Map<string, string[]>();
    for (const [id, key] of keyOf) byKey.set(key, [...(byKey.get(key) ?? []), id]);
    const grouped = [...byKey.values()].filter((ids) => ids.length > 1).flat();
    if (grouped.length === 0) return flags;

    const accounts = await db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        createdAt: users.createdAt,
        teamId: teams.id,
        teamName: teams.name,
      })
      .from(users)
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .leftJoin(teams, and(eq(teams.id, teamMembers.teamId), isNull(teams.deletedAt)))
      .where(inArray(users.id, grouped))
      .orderBy(asc(users.createdAt), asc(users.id));
    const groups = new Map<string, DuplicateParticipant>();
    for (const account of accounts) {
      const key = keyOf.get(account.id)!;
      let flag = groups.get(key);
      if (!flag) {
        flag = { kind: "duplicate_participant", email_key: key, accounts: [] };
        groups.set(key, flag);
      }
      flag.accounts.push({
        user_id: account.id,
        username: account.username,
        email: account.email,
        signed_up_at: account.createdAt.toISOString(),
        team:
          account.teamId && account.teamName
            ? { id: account.teamId, name: account.teamName }
            : null,
      });
    }
    const wanted = scope === "all" ? undefined : new Set(scope);
    for (const flag of groups.values()) {
      const teamIds = new Set(flag.accounts.flatMap((account) => account.team?.id ?? []));
      for (const teamId of teamIds) {
        if (!wanted || wanted.has(teamId)) flags.set(teamId, [...(flags.get(teamId) ?? []), flag]);
      }
    }
    return flags;
  }

  async function identicalPredictions(scope: FlagScope): Promise<Map<string, AdminTeamFlag[]>> {
    const flags = new Map<string, AdminTeamFlag[]>();
    if (scope !== "all" && scope.length === 0) return flags;
    const liveTeam = and(eq(teams.id, submissions.teamId), isNull(teams.deletedAt));
    // The (challenge, hash) pairs the teams in scope sent, shared by 2..MAX live teams.
    const ofScope: SQL | undefined =
      scope === "all"
        ? undefined
        : sql`(${submissions.challengeKey}, ${submissions.contentHash}) in (${db
            .select({
              challengeKey: submissions.challengeKey,
              contentHash: submissions.contentHash,
            })
            .from(submissions)
            .where(
              and(inArray(submissions.teamId, [...scope]), isNotNull(submissions.contentHash)),
            )})`;
    const shared = db.$with("shared").as(
      db
        .select({
          challengeKey: sql<string>`${submissions.challengeKey}`.as("shared_challenge_key"),
          contentHash: sql<string>`${submissions.contentHash}`.as("shared_content_hash"),
          teams: sql<number>`count(distinct ${submissions.teamId})::int`.as("shared_teams"),
        })
        .from(submissions)
        .innerJoin(teams, liveTeam)
        .where(and(isNotNull(submissions.contentHash), ofScope))
        .groupBy(submissions.challengeKey, submissions.contentHash)
        .having(
          sql`count(distinct ${submissions.teamId}) between 2 and ${IDENTICAL_PREDICTIONS_MAX_TEAMS}`,
        ),
    );
    const rows = await db
      .with(shared)
      .select({
        id: submissions.id,
        teamId: submissions.teamId,
        teamName: teams.name,
        challengeKey: submissions.challengeKey,
        contentHash: submissions.contentHash,
        createdAt: submissions.createdAt,
        teamsSharing: shared.teams,
        asBaseline: sql<boolean>`coalesce(${submissions.metricValue} = ${challengeBaselines.metricValue}
          and ${submissions.privateMetricValue} = ${challengeBaselines.privateMetricValue}
          and ${submissions.answersVersion} = ${challengeBaselines.answersVersion}, false)`,
      })
      .from(submissions)
      .innerJoin(teams, liveTeam)
      .innerJoin(
        shared,
        and(
          eq(shared.challengeKey, submissions.challengeKey),
          eq(shared.contentHash, submissions.contentHash),
        ),
      )
      .leftJoin(challengeBaselines, eq(challengeBaselines.challengeKey, submissions.challengeKey))
      .orderBy(asc(submissions.createdAt), asc(submissions.id));

    const groups = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = `${row.challengeKey}\n${row.contentHash}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const wanted = scope === "all" ? undefined : new Set(scope);
    for (const group of groups.values()) {
      const first = group[0]!;
      for (const teamId of new Set(group.map((row) => row.teamId))) {
        if (wanted && !wanted.has(teamId)) continue;
        const flag: IdenticalPredictions = {
          kind: "identical_predictions",
          challenge_key: first.challengeKey,
          teams_sharing: first.teamsSharing,
          scores_as_baseline: group.some((row) => row.asBaseline),
          submissions: group
            .filter((row) => row.teamId === teamId)
            .map((row) => ({ id: row.id, created_at: row.createdAt.toISOString() })),
          others: group
            .filter((row) => row.teamId !== teamId)
            .map((row) => ({
              team_id: row.teamId,
              team_name: row.teamName,
              submission_id: row.id,
              created_at: row.createdAt.toISOString(),
            })),
        };
        flags.set(teamId, [...(flags.get(teamId) ?? []), flag]);
      }
    }
    return flags;
  }

  return {
    /** Each team's flags (a team without any is absent): duplicate participants first. */
    async flagsOf(scope: FlagScope): Promise<Map<string, AdminTeamFlag[]>> {
      const [people, files] = await Promise.all([
        duplicateParticipants(scope),
        identicalPredictions(scope),
      ]);
      const all = new Map(people);
      for (const [teamId, flags] of files) all.set(teamId, [...(all.get(teamId) ?? []), ...flags]);
      return all;
    },
  };
}
export type TeamFlagsReader = ReturnType<typeof createTeamFlagsReader>;
