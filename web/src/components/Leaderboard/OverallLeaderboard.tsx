import { Grid, Stack, Text, Title } from "@mantine/core";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import { useOverallLeaderboard } from "../../api/leaderboard/hooks";
import type { OverallLeaderboard as OverallRanking } from "../../api/leaderboard/requests";
import { useOwnTeamId } from "./access";
import { DomainLeaderboardTabs } from "./DomainLeaderboardTabs";
import { isForbidden, isTeamRequired } from "./errors";
import { LeaderboardData } from "./LeaderboardData";
import { AdminRequired, TeamRequired } from "./LeaderboardGate";
import { NoRows } from "./NoRows";
import { OverallLeaderboardTable } from "./OverallLeaderboardTable";
import { RankingInfo } from "./RankingInfo";
import { StandingsControls } from "./StandingsControls";
import { useStandingsView } from "./useStandingsView";

function Standings({ data, ownTeamId }: { data: OverallRanking; ownTeamId: string | null }) {
  // Activated teams are ranked from the start; until they submit there is nothing to show.
  const rows = data.leaderboard.filter((row) => row.valid_submissions_total > 0);
  const waiting = data.leaderboard.length - rows.length;

  return (
    <>
      {rows.length === 0 ? (
        <NoRows message={LEADERBOARD_MESSAGES.noTeams} padding="xl" />
      ) : (
        <OverallLeaderboardTable
          rows={rows}
          withRankChange={data.standings !== "public"}
          ownTeamId={ownTeamId}
        />
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

/**
 * The overall leaderboard (docs/product.md#leaderboards): which standings are shown (with the
 * organizers' switch, reveal and export), the standings, the info panel and the domain tabs.
 */
export function OverallLeaderboard() {
  const standingsView = useStandingsView();
  const query = useOverallLeaderboard(standingsView.view);
  const ownTeamId = useOwnTeamId();
  if (isForbidden(query.error)) {
    return <AdminRequired message={LEADERBOARD_MESSAGES.adminRequired} />;
  }
  if (isTeamRequired(query.error)) return <TeamRequired />;

  return (
    <Stack gap="xl">
      <StandingsControls standings={query.data?.standings} state={standingsView} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <LeaderboardData query={query} loadFailed={LEADERBOARD_MESSAGES.loadFailed}>
            {(data) => <Standings data={data} ownTeamId={ownTeamId} />}
          </LeaderboardData>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <RankingInfo />
        </Grid.Col>
      </Grid>
      <Stack gap="sm" component="section" aria-labelledby="domain-leaderboards">
        <Title order={2} id="domain-leaderboards">
          Domain leaderboards
        </Title>
        <DomainLeaderboardTabs view={standingsView.view} />
      </Stack>
    </Stack>
  );
}
