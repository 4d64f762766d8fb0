import { Anchor, Container, Stack, Title } from "@mantine/core";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import { Link, useParams, useSearchParams } from "react-router";
import { useDomainLeaderboard } from "../api/leaderboard/hooks";
import { LEADERBOARD_REFRESH_MS } from "../api/leaderboard/requests";
import { useCompetition } from "../competition/CompetitionContext";
import { DomainLeaderboardView } from "../components/Leaderboard/DomainLeaderboardView";
import { DomainRankingInfo } from "../components/Leaderboard/DomainRankingInfo";
import { LeaderboardGate } from "../components/Leaderboard/LeaderboardGate";
import { OtherDomainLinks } from "../components/Leaderboard/OtherDomainLinks";
import { overallLeaderboardPath } from "../components/Leaderboard/paths";
import { StandingsControls } from "../components/Leaderboard/StandingsControls";
import { STANDINGS_PARAM, useStandingsView } from "../components/Leaderboard/useStandingsView";

/** Which standings are shown and the domain's table, in the standings the address asks for. */
function DomainStandings({ domain }: { domain: string }) {
  const standingsView = useStandingsView();
  const { view } = standingsView;
  // Known names use the slug, so the overall page's tab and this page share a cache entry.
  const known = useCompetition().competition.findDomain(domain);
  const slug = known?.slug ?? domain;
  const { data } = useDomainLeaderboard(slug, view);

  return (
    <Stack gap="lg">
      <OtherDomainLinks currentSlug={known?.slug} view={view} />
      <StandingsControls standings={data?.standings} state={standingsView} />
      <DomainLeaderboardView
        domain={slug}
        view={view}
        adminMessage={LEADERBOARD_MESSAGES.domainAdminRequired}
      />
      {known && <DomainRankingInfo domain={known} view={view} />}
    </Stack>
  );
}

/**
 * /leaderboard/domain/{domainName} (docs/product.md#routes, as /leaderboard); the name may also
 * be the slug.
 */
export default function DomainLeaderboardPage() {
  const { domainName = "" } = useParams();
  const domain = useCompetition().competition.findDomain(domainName);

  return (
    // The first script loads the app when the rendered standings are due for their refresh.
    <Container size="xl" py="xl" data-app-after-ms={LEADERBOARD_REFRESH_MS}>
      <Stack gap="lg">
        <Stack gap={6} align="flex-start">
          <BackLink />
          <Title order={1}>{domain?.name ?? domainName} Leaderboard</Title>
        </Stack>
        <LeaderboardGate
          loginMessage={LEADERBOARD_MESSAGES.domainLoginRequired}
          adminMessage={LEADERBOARD_MESSAGES.domainAdminRequired}
        >
          <DomainStandings domain={domainName} />
        </LeaderboardGate>
      </Stack>
    </Container>
  );
}

function BackLink() {
  // Outside the gate: reads the address only, so a visitor's page asks the API nothing.
  const [params] = useSearchParams();
  const view = params.get(STANDINGS_PARAM) === "private" ? "private" : "official";
  return (
    <Anchor component={Link} to={overallLeaderboardPath(view)} size="sm">
      <span aria-hidden="true">← </span>Back to the overall leaderboard
    </Anchor>
  );
}
