import {
  Box,
  Card,
  Container,
  Grid,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { TEAM_MESSAGES } from "@tandem/contracts";
import { useTeams } from "../api/teams/hooks";
import { canCompete } from "../api/teams/requests";
import { useAuth } from "../auth/AuthContext";
import { CompetitionClock } from "../components/Dashboard/CompetitionClock";
import { CreateTeamForm } from "../components/Dashboard/CreateTeamForm";
import { FinalSubmissionsCard } from "../components/Dashboard/FinalSubmissionsCard";
import { JoinTeamForm } from "../components/Dashboard/JoinTeamForm";
import { NotificationPreferencesCard } from "../components/Dashboard/NotificationPreferencesCard";
import { OrganizerTeamForms } from "../components/Dashboard/OrganizerTeamForms";
import { OrganizerWelcome } from "../components/Dashboard/OrganizerWelcome";
import { ProfileCard } from "../components/Dashboard/ProfileCard";
import { TeamCard } from "../components/Dashboard/TeamCard";
import { teamsLoadErrorMessage } from "../components/Dashboard/teamErrors";
import { VerifyEmailCard } from "../components/Dashboard/VerifyEmailCard";
import { RetryAlert } from "../components/LoadError";
import { MySubmissions } from "../components/Submissions/MySubmissions";
import { SubmitPredictionsButton } from "../components/Submit/SubmitPredictionsButton";

function TeamSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg" aria-hidden>
      <Stack gap="md">
        <Skeleton height={28} width="40%" />
        <Skeleton height={64} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    </Card>
  );
}

/**
 * /dashboard and /team/{teamId} (docs/product.md#dashboard): profile, team forms, the user's team
 * and, for a member, the team's submissions (issue 18). The ID in /team/{teamId} no longer fills in
 * the join form: only the secret invite code joins a team (docs/adr/0006-team-membership.md), and a
 * link must not carry that code.
 */
export default function DashboardPage() {
  const { user } = useAuth();
  const { data: teams, error, isLoading, mutate } = useTeams();
  const loaded = teams !== undefined;
  const hasTeam = loaded && teams.length > 0;
  // Only an active team in good standing can submit or choose finals.
  const active = hasTeam && teams.some(canCompete);
  const isAdmin = user?.admin_access === true;

  return (
    <Container size="lg" py="xl">
      <Stack gap={4} mb="xl">
        <Title order={1}>Dashboard</Title>
        {user && <Text c="dimmed">Welcome, {user.username}.</Text>}
      </Stack>
      <Box mb="xl">
        <CompetitionClock />
      </Box>
      <VerifyEmailCard />
      {isAdmin && (
        <Box mb="xl">
          <OrganizerWelcome />
        </Box>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            {user && <ProfileCard user={user} />}
            {user && <NotificationPreferencesCard />}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg" component="section" aria-labelledby="my-team-heading">
            <Title order={2} id="my-team-heading">
              My Team
            </Title>

            {error && !loaded && (
              <RetryAlert
                title={TEAM_MESSAGES.loadDashboardFailed}
                message={teamsLoadErrorMessage(error)}
                onRetry={() => mutate()}
              />
            )}

            {isLoading && <TeamSkeleton />}

            {hasTeam && teams.map((team) => <TeamCard key={team.id} team={team} />)}
            {hasTeam && (
              <Text size="sm" c="dimmed">
                You can be in one team at a time. To create or join another, leave this one first.
              </Text>
            )}
            {active && <FinalSubmissionsCard />}

            {loaded && !hasTeam && isAdmin && <OrganizerTeamForms />}
            {loaded && !hasTeam && !isAdmin && (
              <>
                <Text c="dimmed">
                  You are not in a team yet. Create one, or join a teammate's team with its invite
                  code.
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  <CreateTeamForm />
                  <JoinTeamForm />
                </SimpleGrid>
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      {/* Full width below the cards: 17 challenge cards and a wide table. */}
      {hasTeam && (
        <Box mt={48}>
          <MySubmissions
            renderAction={
              active
                ? (challenge) => (
                    <SubmitPredictionsButton
                      challengeKey={challenge.challenge_key}
                      expectedRows={challenge.expected_rows}
                    />
                  )
                : undefined
            }
          />
        </Box>
      )}
    </Container>
  );
}
