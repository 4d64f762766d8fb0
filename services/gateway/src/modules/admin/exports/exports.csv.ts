import { activeCompetition } from "@tandem/competition/server";
import {
  type AdminTeamFlag,
  type DomainLeaderboard,
  type OverallLeaderboard,
  STANDINGS_EXPORT_COLUMNS,
  TEAMS_EXPORT_COLUMNS,
} from "@tandem/contracts";
import Papa from "papaparse";
import type { AdminSubmissionRow } from "../submissions/admin-submissions.repository";
import type { TeamMemberExportRow } from "./exports.repository";

type Cell = string | number | boolean | null;

/**
 * CSV lines with CRLF endings. Cells a spreadsheet would run as a formula (text starting with
 * = + - @, a tab or a carriage return) are prefixed with ' (papaparse's escapeFormulae), since
 * team names, notes and errors are typed by participants.
 */
export function csvLines(rows: Cell[][]): string {
  if (rows.length === 0) return "";
  return `${Papa.unparse(rows, { escapeFormulae: true, newline: "\r\n" })}\r\n`;
}

export const csvHeader = (columns: readonly string[]) => csvLines([[...columns]]);

/**
 * The standings shown now: overall, then each domain in the competition's order. As on the
 * leaderboard pages, a team with no counted submission (overall, or in that domain) is left out:
 * the pages list no such row (a domain nobody submitted to reads "No submissions yet for this
 * domain"), and a rank there would be one the team never earned.
 */
export function standingsCsv(
  overall: OverallLeaderboard,
  boards: Record<string, DomainLeaderboard>,
): string {
  const rows: Cell[][] = [];
  const lastPrizeRank = activeCompetition().definition.prizes.last_prize_rank;
  for (const row of overall.leaderboard) {
    if (row.valid_submissions_total === 0) continue;
    // A prize needs a result: a team whose submissions all score 0 wins nothing, even when
    // fewer than ten teams have results.
    const prize = row.rank <= lastPrizeRank && row.total_score > 0 ? row.rank : null;
    rows.push(["overall", row.rank, row.team_id, row.team_name, row.total_score, prize, null]);
  }
  for (const domain of activeCompetition().domains) {
    for (const row of boards[domain.slug]?.leaderboard ?? []) {
      if (row.valid_submissions === 0) continue;
      // Per domain, only a team beating the primitive baseline (SPEC: prizes per domain).
      const prize = row.rank <= lastPrizeRank && row.beats_baseline ? row.rank : null;
      rows.push([
        domain.slug,
        row.rank,
        row.team_id,
        row.team_name,
        row.domain_score,
        prize,
        row.beats_baseline,
      ]);
    }
  }
  return csvHeader(STANDINGS_EXPORT_COLUMNS) + csvLines(rows);
}

/** One flag with its evidence, in words (the teams view shows the same). */
export function flagSummary(flag: AdminTeamFlag): string {
  if (flag.kind === "duplicate_participant") {
    const accounts = flag.accounts.map(
      (a) =>
        `${a.email} (${a.team ? `team ${a.team.name}` : "no team"}, signed up ${a.signed_up_at})`,
    );
    return `Likely the same person: ${accounts.join(" and ")}`;
  }
  const others = flag.others.map(
    (o) => `team ${o.team_name} (submission ${o.submission_id}, ${o.created_at})`,
  );
  const own = flag.submissions.map((s) => `${s.id}, ${s.created_at}`);
  return `Identical predictions on ${flag.challenge_key} with ${others.join(", ")}; this team's: ${own.join("; ")}${flag.scores_as_baseline ? "; scores exactly as the baseline" : ""}`;
}

/** One row per member; each row of a team carries the team's flags, " | " between two. */
export function teamsCsv(
  rows: TeamMemberExportRow[],
  flags: ReadonlyMap<string, AdminTeamFlag[]> = new Map(),
): string {
  return (
    csvHeader(TEAMS_EXPORT_COLUMNS) +
    csvLines(
      rows.map((row) => [
        row.teamId,
        row.teamName,
        row.status,
        row.disqualifiedAt !== null,
        row.disqualificationReason,
        row.activatedAt?.toISOString() ?? null,
        row.username,
        row.email,
        row.role,
        (flags.get(row.teamId) ?? []).map(flagSummary).join(" | ") || null,
      ]),
    )
  );
}

/** Submissions' metadata, one line each: never the file, nothing secret. */
export function submissionsCsvLines(rows: AdminSubmissionRow[]): string {
  return csvLines(
    rows.map((row) => [
      row.id,
      row.teamId,
      row.teamName,
      row.challengeKey,
      row.status,
      row.metricName,
      row.metricValue,
      row.privateMetricValue,
      row.counted,
      row.finalAt !== null,
      row.rowCount,
      row.errorMessage,
      row.note,
      row.submittedVia,
      row.submitterName,
      row.attempts,
      row.answersVersion,
      row.createdAt.toISOString(),
      row.scoredAt?.toISOString() ?? null,
    ]),
  );
}
