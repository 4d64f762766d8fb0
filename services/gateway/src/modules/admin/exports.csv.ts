import { activeCompetition } from "@tandem/competition/server";
import {
  type DomainLeaderboard,
  type OverallLeaderboard,
  STANDINGS_EXPORT_COLUMNS,
  TEAMS_EXPORT_COLUMNS,
} from "@tandem/contracts";
import Papa from "papaparse";
import type { TeamMemberExportRow } from "./exports.repository";
import type { AdminSubmissionRow } from "./submissions.repository";

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

/** The standings shown now: overall, then each domain in the competition's order. */
export function standingsCsv(
  overall: OverallLeaderboard,
  boards: Record<string, DomainLeaderboard>,
): string {
  const rows: Cell[][] = [];
  const lastPrizeRank = activeCompetition().definition.prizes.last_prize_rank;
  for (const row of overall.leaderboard) {
    // A prize needs a result: a team with no counted submission (score 0) wins nothing, even
    // when fewer than ten teams have results.
    const prize = row.rank <= lastPrizeRank && row.total_score > 0 ? row.rank : null;
    rows.push(["overall", row.rank, row.team_id, row.team_name, row.total_score, prize, null]);
  }
  for (const domain of activeCompetition().domains) {
    for (const row of boards[domain.slug]?.leaderboard ?? []) {
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

export function teamsCsv(rows: TeamMemberExportRow[]): string {
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
