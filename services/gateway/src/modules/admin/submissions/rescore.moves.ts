import type { ChallengeRescoreProgress, DomainLeaderboard } from "@tandem/contracts";

/** A team's rank on one challenge: `[team id, team name, rank]`. */
export type ChallengeRank = [string, string, number];

/**
 * The teams' ranks on one challenge in a domain leaderboard (the standings shown): 1 + the
 * number of teams with a strictly better result, so equal results share a rank
 * (docs/architecture.md#ranking-rules). Teams without a result on the challenge are left out.
 */
export function challengeRanks(board: DomainLeaderboard, challengeKey: string): ChallengeRank[] {
  const higherIsBetter =
    board.challenge_columns.find((column) => column.key === challengeKey)?.higher_is_better ?? true;
  const results = board.leaderboard.flatMap((row) => {
    const value = row.challenges[challengeKey]?.metric_value;
    return value === null || value === undefined ? [] : [{ row, value }];
  });
  return results.map(({ row, value }): ChallengeRank => {
    const better = results.filter((other) =>
      higherIsBetter ? other.value > value : other.value < value,
    ).length;
    return [row.team_id, row.team_name, better + 1];
  });
}

/** Teams whose rank differs between two snapshots, by their newer rank. */
export function rankMoves(
  before: ChallengeRank[],
  after: ChallengeRank[],
): ChallengeRescoreProgress["ranks_changed"] {
  const was = new Map(before.map(([id, name, rank]) => [id, { name, rank }]));
  const now = new Map(after.map(([id, name, rank]) => [id, { name, rank }]));
  const moves: ChallengeRescoreProgress["ranks_changed"] = [];
  for (const id of new Set([...was.keys(), ...now.keys()])) {
    const rankBefore = was.get(id)?.rank ?? null;
    const rankAfter = now.get(id)?.rank ?? null;
    if (rankBefore === rankAfter) continue;
    const name = now.get(id)?.name ?? was.get(id)?.name ?? "";
    moves.push({ team: { id, name }, rank_before: rankBefore, rank_after: rankAfter });
  }
  const order = (rank: number | null) => rank ?? Number.MAX_SAFE_INTEGER;
  return moves.sort((a, b) => order(a.rank_after) - order(b.rank_after));
}

type ScoreMove = ChallengeRescoreProgress["scores_changed"]["largest"][number];

/** How far a score moved; a score that appeared or went (now invalid) is the largest move. */
function size(move: ScoreMove): number {
  const delta = (a: number | null, b: number | null) =>
    a === null && b === null
      ? 0
      : a === null || b === null
        ? Number.POSITIVE_INFINITY
        : Math.abs(a - b);
  return Math.max(
    delta(move.public_before, move.public_after),
    delta(move.private_before, move.private_after),
  );
}

/** The rescored submissions whose scores changed: how many, and the `top` largest changes. */
export function scoreMoves(
  moves: ScoreMove[],
  top = 10,
): ChallengeRescoreProgress["scores_changed"] {
  const changed = moves.filter((move) => size(move) > 0);
  return {
    count: changed.length,
    largest: changed.sort((a, b) => size(b) - size(a)).slice(0, top),
  };
}
