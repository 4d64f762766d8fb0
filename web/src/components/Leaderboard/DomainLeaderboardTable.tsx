import { Badge, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import type {
  ChallengeColumn,
  ChallengeResult,
  DomainLeaderboard,
  DomainLeaderboardRow,
} from "../../api/leaderboard/requests";
import { formatScore } from "./format";
import classes from "./Leaderboard.module.css";
import { LeaderboardFrame } from "./LeaderboardFrame";
import { medalFor } from "./medals";
import { NoRows } from "./NoRows";
import { OwnTeamBadge, ownRowProps } from "./OwnTeam";
import { RankCell } from "./RankCell";
import { RankChangeCells, RankChangeHeads } from "./RankChangeCells";
import { ScoreCell } from "./ScoreCell";

function CheckIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function BeatsBaselineMark() {
  return (
    <Tooltip label="Beats the baseline" withArrow>
      <Badge component="span" role="img" aria-label="Beats baseline" color="teal" size="sm" circle>
        <CheckIcon />
      </Badge>
    </Tooltip>
  );
}

function ChallengeHeader({ column }: { column: ChallengeColumn }) {
  return (
    <Table.Th scope="col" className={classes.challengeHead}>
      <Text span fw={700} size="sm" display="block">
        C{column.number}: {column.title}
      </Text>
      <Text span size="xs" c="dimmed" fw={500} display="block">
        {column.metric_name} · {column.higher_is_better ? "higher" : "lower"} is better
      </Text>
    </Table.Th>
  );
}

function ChallengeCell({ result }: { result: ChallengeResult | undefined }) {
  if (!result || result.metric_value === null) {
    return (
      <Table.Td>
        <Text span c="dimmed" aria-hidden>
          —
        </Text>
        <VisuallyHidden>No result</VisuallyHidden>
      </Table.Td>
    );
  }
  return (
    <Table.Td>
      <Group gap={6} wrap="nowrap">
        <Text span fw={700} size="sm" className={classes.number}>
          {formatScore(result.metric_value)}
        </Text>
        {result.beats_baseline === true && <BeatsBaselineMark />}
      </Group>
      <Text span size="xs" c="dimmed" className={classes.number} display="block">
        Score {formatScore(result.score)}
      </Text>
    </Table.Td>
  );
}

function BaselineRow({
  data,
  withRankChange,
}: {
  data: DomainLeaderboard;
  withRankChange: boolean;
}) {
  return (
    <Table.Tr className={classes.baselineRow}>
      <Table.Td>
        <Text span c="dimmed" aria-hidden>
          —
        </Text>
      </Table.Td>
      <Table.Th scope="row" className={classes.teamName}>
        <Group gap={6} wrap="wrap">
          <Text span fw={600} size="sm">
            Baseline
          </Text>
          <Badge color="gray" variant="outline" size="xs" fs="normal">
            Not ranked
          </Badge>
        </Group>
      </Table.Th>
      {withRankChange && (
        <>
          <Table.Td />
          <Table.Td />
        </>
      )}
      {data.challenge_columns.map((column) => {
        const value = data.baseline.challenges[column.key]?.metric_value ?? column.baseline;
        return (
          <Table.Td key={column.key}>
            {value === null ? (
              <Text span size="sm" c="dimmed">
                Not measured
              </Text>
            ) : (
              <Text span fw={600} size="sm" className={classes.number}>
                {formatScore(value)}
              </Text>
            )}
          </Table.Td>
        );
      })}
      <Table.Td ta="right" c="dimmed">
        —
      </Table.Td>
      <Table.Td ta="right" c="dimmed">
        —
      </Table.Td>
    </Table.Tr>
  );
}

function TeamRow({
  row,
  columns,
  showPrizeBadge,
  withRankChange,
  own,
}: {
  row: DomainLeaderboardRow;
  columns: readonly ChallengeColumn[];
  showPrizeBadge: boolean;
  withRankChange: boolean;
  own: boolean;
}) {
  return (
    <Table.Tr className={classes.row} data-medal={medalFor(row.rank)} {...ownRowProps(own)}>
      <RankCell rank={row.rank} />
      <Table.Th scope="row" className={classes.teamName}>
        <Stack gap={2} align="flex-start">
          <Text span fw={600} size="sm">
            {row.team_name}
            {own && <OwnTeamBadge />}
          </Text>
          {showPrizeBadge && row.beats_baseline && (
            <Badge color="teal" variant="light" size="xs">
              Beats all baselines
            </Badge>
          )}
        </Stack>
      </Table.Th>
      {withRankChange && <RankChangeCells publicRank={row.public_rank} change={row.rank_change} />}
      {columns.map((column) => (
        <ChallengeCell key={column.key} result={row.challenges[column.key]} />
      ))}
      <ScoreCell score={row.domain_score} />
      <Table.Td ta="right" className={classes.number}>
        {row.valid_submissions}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The domain leaderboard (docs/product.md#leaderboards): Rank, Team, one column per challenge
 * (metric, ranking score and a mark when it beats the baseline), Domain Score, Submissions, and the
 * unranked baseline row. Only teams with a counted submission in the domain are listed. The private
 * and final standings add each team's public rank and the change after the team.
 */
export function DomainLeaderboardTable({
  data,
  ownTeamId = null,
}: {
  data: DomainLeaderboard;
  /** The reader's team, whose row is marked. */
  ownTeamId?: string | null;
}) {
  const rows = data.leaderboard.filter((row) => row.valid_submissions > 0);
  const columns = data.challenge_columns;
  const hasBaseline = columns.some((column) => column.baseline !== null);
  const withRankChange = data.standings !== "public";

  return (
    <Stack gap="sm">
      {rows.length === 0 && (
        <NoRows message={LEADERBOARD_MESSAGES.noDomainSubmissions} padding="lg" />
      )}
      <LeaderboardFrame
        minWidth={360 + columns.length * 170 + (withRankChange ? 160 : 0)}
        label={`${data.domain} leaderboard`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={64}>
              Rank
            </Table.Th>
            <Table.Th scope="col" className={classes.teamName}>
              Team
            </Table.Th>
            {withRankChange && <RankChangeHeads />}
            {columns.map((column) => (
              <ChallengeHeader key={column.key} column={column} />
            ))}
            <Table.Th scope="col" ta="right" className={classes.nowrap}>
              Domain Score
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Submissions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <BaselineRow data={data} withRankChange={withRankChange} />
          {rows.map((row) => (
            <TeamRow
              key={row.team_id}
              row={row}
              columns={columns}
              showPrizeBadge={hasBaseline}
              withRankChange={withRankChange}
              own={row.team_id === ownTeamId}
            />
          ))}
        </Table.Tbody>
      </LeaderboardFrame>
    </Stack>
  );
}
