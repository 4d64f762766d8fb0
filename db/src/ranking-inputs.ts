import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { loadCurrentBaselines } from "./baselines";
import type { Database } from "./client";
import { submissions, teams } from "./schema";

export interface RankingInputs {
  /** The database's clock when these inputs were read: later reads see at least as much. */
  asOf: Date;
  teams: { id: string; name: string; activatedAt: Date | null }[];
  results: { teamId: string; challengeKey: string; metricValue: number; createdAt: Date }[];
  /** Each challenge's baseline on the current answers; absent until measured. */
  baselines: Record<string, number>;
}

/**
 * What the rankings are computed from: live active teams (only they can submit, and activation
 * cannot be undone) and their counted, scored submissions. A dissolved team (its last member
 * left) keeps its rows for audit but is not ranked, and its results do not weigh on the
 * challenge scores of the teams that are.
 */
export async function loadRankingInputs(db: Database): Promise<RankingInputs> {
  // One clock for every gateway and worker, taken before the reads below.
  const clock = (await db.execute(sql`select clock_timestamp() as now`)) as unknown as {
    rows: { now: string | Date }[];
  };
  const asOf = new Date(clock.rows[0]!.now);
  const [teamRows, resultRows, baselineRows] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name, activatedAt: teams.activatedAt })
      .from(teams)
      .where(and(eq(teams.status, "active"), isNull(teams.deletedAt))),
    db
      .select({
        teamId: submissions.teamId,
        challengeKey: submissions.challengeKey,
        metricValue: submissions.metricValue,
        createdAt: submissions.createdAt,
      })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(
        and(
          isNull(teams.deletedAt),
          eq(submissions.status, "scored"),
          eq(submissions.counted, true),
          isNotNull(submissions.metricValue),
        ),
      ),
    loadCurrentBaselines(db),
  ]);
  return {
    asOf,
    teams: teamRows,
    results: resultRows.map((row) => ({ ...row, metricValue: row.metricValue! })),
    baselines: baselineRows,
  };
}
