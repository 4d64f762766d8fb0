import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { loadCurrentBaselineParts } from "./baselines";
import type { Database } from "./client";
import { competitionReveals, competitionSettings, submissions, teams } from "./schema";

export interface RankingInputs {
  /** The database's clock when these inputs were read: later reads see at least as much. */
  asOf: Date;
  teams: { id: string; name: string; activatedAt: Date | null }[];
  results: {
    teamId: string;
    challengeKey: string;
    /** The public score. */
    metricValue: number;
    /** The private score; null when the submission was scored before the split existed. */
    privateMetricValue: number | null;
    /** Marked by the team as one of its final submissions. */
    final: boolean;
    createdAt: Date;
  }[];
  /** Each challenge's baseline on the current answers (public part); absent until measured. */
  baselines: Record<string, number>;
  /** The same baselines on the private part, where measured. */
  privateBaselines: Record<string, number>;
  /** Whether the organizers have revealed the final standings. */
  revealed: boolean;
  /** The organizers' count of final submissions for every challenge; null: each challenge's own. */
  finalPicks: number | null;
}

/** A submission that ranks: scored, counted (made by an active team inside the window), with a score. */
export const rankedSubmission = and(
  eq(submissions.status, "scored"),
  eq(submissions.counted, true),
  isNotNull(submissions.metricValue),
);

/** What a ranked submission gives its team's results (the rankings, a team's own results page). */
export const rankedResultColumns = {
  challengeKey: submissions.challengeKey,
  metricValue: submissions.metricValue,
  privateMetricValue: submissions.privateMetricValue,
  shownValue: submissions.shownScore,
  finalAt: submissions.finalAt,
  createdAt: submissions.createdAt,
};

/** A team that ranks: active, not dissolved, not disqualified. */
export const rankedTeam = and(
  eq(teams.status, "active"),
  isNull(teams.deletedAt),
  isNull(teams.disqualifiedAt),
);

/**
 * What the rankings are computed from: the ranked teams (live, active, not disqualified) and
 * their counted, scored submissions. Any other team's rows are kept (a dissolved team's for
 * audit, a disqualified one's for the record, a deactivated one's until it is activated again)
 * but it is not ranked, and its results do not weigh on the challenge scores of the teams that are.
 */
export function loadRankingInputs(db: Database): Promise<RankingInputs> {
  return loadRankingInputsWith(db, async () => {
    const rows = await db
      .select({ teamId: submissions.teamId, ...rankedResultColumns })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(and(rankedTeam, rankedSubmission));
    return rows.map(({ finalAt, ...row }) => ({
      ...row,
      metricValue: row.metricValue!,
      final: finalAt !== null,
    }));
  });
}

/**
 * The inputs around `loadResults`' rows: the database clock, the ranked teams, the baselines,
 * the reveal and the organizers' count of final submissions. Every loader of results shares it,
 * so they differ in the results alone.
 */
export async function loadRankingInputsWith<R>(
  db: Database,
  loadResults: () => Promise<R[]>,
): Promise<Omit<RankingInputs, "results"> & { results: R[] }> {
  // One clock for every gateway and worker, taken before the reads below.
  const clock = (await db.execute(sql`select clock_timestamp() as now`)) as unknown as {
    rows: { now: string | Date }[];
  };
  const asOf = new Date(clock.rows[0]!.now);
  const [teamRows, results, baselineParts, revealRows, settingsRows] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name, activatedAt: teams.activatedAt })
      .from(teams)
      .where(rankedTeam),
    loadResults(),
    loadCurrentBaselineParts(db),
    db.select({ id: competitionReveals.id }).from(competitionReveals).limit(1),
    db.select({ finalPicks: competitionSettings.finalPicks }).from(competitionSettings).limit(1),
  ]);
  return {
    asOf,
    teams: teamRows,
    results,
    baselines: Object.fromEntries(
      Object.entries(baselineParts).map(([key, parts]) => [key, parts.public]),
    ),
    privateBaselines: Object.fromEntries(
      Object.entries(baselineParts).flatMap(([key, parts]) =>
        parts.private === null ? [] : [[key, parts.private]],
      ),
    ),
    revealed: revealRows.length > 0,
    finalPicks: settingsRows[0]?.finalPicks ?? null,
  };
}
