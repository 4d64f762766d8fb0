import { Table } from "@mantine/core";
import type { OverallLeaderboardRow } from "../../api/leaderboard/requests";
import { describeTimeUsed, formatTimeUsed, isoDuration } from "./format";
import classes from "./Leaderboard.module.css";
import { LeaderboardFrame } from "./LeaderboardFrame";
import { medalFor } from "./medals";
import { OwnTeamBadge, ownRowProps } from "./OwnTeam";
import { RankCell } from "./RankCell";
import { RankChangeCells, RankChangeHeads } from "./RankChangeCells";
import { ScoreCell } from "./ScoreCell";

/**
 * The overall leaderboard (docs/product.md#leaderboards): Rank, Team Name, Overall Score,
 * Submissions, Time Used; the private and final standings add each team's public rank and the
 * change after the team's name.
 */
export function OverallLeaderboardTable({
  rows,
  withRankChange = false,
  ownTeamId = null,
}: {
  rows: readonly OverallLeaderboardRow[];
  withRankChange?: boolean;
  /** The reader's team, whose row is marked. */
  ownTeamId?: string | null;
}) {
  return (
    <LeaderboardFrame minWidth={withRankChange ? 680 : 520} label="Overall leaderboard">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w={64}>
            Rank
          </Table.Th>
          <Table.Th scope="col">Team Name</Table.Th>
          {withRankChange && <RankChangeHeads />}
          <Table.Th scope="col" ta="right">
            Overall Score
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Submissions
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Time Used
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr
            key={row.team_id}
            className={classes.row}
            data-medal={medalFor(row.rank)}
            {...ownRowProps(row.team_id === ownTeamId)}
          >
            <RankCell rank={row.rank} />
            <Table.Th scope="row" fw={600} className={classes.teamName}>
              {row.team_name}
              {row.team_id === ownTeamId && <OwnTeamBadge />}
            </Table.Th>
            {withRankChange && (
              <RankChangeCells publicRank={row.public_rank} change={row.rank_change} />
            )}
            <ScoreCell score={row.total_score} />
            <Table.Td ta="right" className={classes.number}>
              {row.valid_submissions_total}
            </Table.Td>
            <Table.Td ta="right" className={classes.number}>
              <time
                dateTime={isoDuration(row.time_used_seconds)}
                title={describeTimeUsed(row.time_used_seconds)}
              >
                {formatTimeUsed(row.time_used_seconds)}
              </time>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </LeaderboardFrame>
  );
}
