import { Container, Stack, Text, Title } from "@mantine/core";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import { LEADERBOARD_REFRESH_MS } from "../api/leaderboard/requests";
import { LeaderboardGate } from "../components/Leaderboard/LeaderboardGate";
import { OverallLeaderboard } from "../components/Leaderboard/OverallLeaderboard";

/**
 * /leaderboard (docs/product.md#leaderboards), open as `leaderboard_visibility` says; others are
 * told why.
 */
export default function LeaderboardPage() {
  return (
    // The first script loads the app when the rendered standings are due for their refresh.
    <Container size="xl" py="xl" data-app-after-ms={LEADERBOARD_REFRESH_MS}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Leaderboard</Title>
          <Text c="dimmed">Overall standings across the six domains.</Text>
        </Stack>
        <LeaderboardGate
          loginMessage={LEADERBOARD_MESSAGES.loginRequired}
          adminMessage={LEADERBOARD_MESSAGES.adminRequired}
        >
          <OverallLeaderboard />
        </LeaderboardGate>
      </Stack>
    </Container>
  );
}
