import { Grid, Paper, Stack, Text, Title } from "@mantine/core";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import { useOverallLeaderboard } from "../../api/leaderboard/hooks";
import type { OverallLeaderboard as OverallRanking } from "../../api/leaderboard/requests";
import { DomainLeaderboardTabs } from "./DomainLeaderboardTabs";
import { isForbidden } from "./errors";
import { LeaderboardData } from "./LeaderboardData";
import { AdminRequired } from "./LeaderboardGate";
import { OverallLeaderboardTable } from "./OverallLeaderboardTable";
import { RankingInfo } from "./RankingInfo";

function OverallStandings() {
  return (
    <LeaderboardData query={useOverallLeaderboard()} loadFailed={LEADERBOARD_MESSAGES.loadFailed}>
      {(data) => <Standings data={data} />}
    </LeaderboardData>
  );
}

function Standings({ data }: { data: OverallRanking }) {
  // Activated teams are ranked from the start; until they submit there is nothing to show.
  const rows = data.leaderboard.filter((row) => row.valid_submissions_total > 0);
  const waiting = data.leaderboard.length - rows.length;

  return (
    <>
      {rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {LEADERBOARD_MESSAGES.noTeams}
          </Text>
        </Paper>
      ) : (
        <OverallLeaderboardTable rows={rows} />
      )}
      {waiting > 0 && (
        <Text size="xs" c="dimmed">
          {waiting === 1
            ? "1 activated team has no counted submission yet and is not listed."
            : `${waiting} activated teams have no counted submission yet and are not listed.`}
        </Text>
      )}
    </>
  );
}

/** SPEC.md §2 Overall leaderboard: the standings, the info panel and the domain tabs. */
export function OverallLeaderboard() {
  const { error } = useOverallLeaderboard();
  if (isForbidden(error)) return <AdminRequired message={LEADERBOARD_MESSAGES.adminRequired} />;

  return (
    <Stack gap="xl">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <OverallStandings />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <RankingInfo />
        </Grid.Col>
      </Grid>
      <Stack gap="sm" component="section" aria-labelledby="domain-leaderboards">
        <Title order={2} id="domain-leaderboards">
          Domain leaderboards
        </Title>
        <DomainLeaderboardTabs />
      </Stack>
    </Stack>
  );
}
