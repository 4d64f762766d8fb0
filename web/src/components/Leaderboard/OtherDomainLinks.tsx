import { Button, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import type { StandingsView } from "../../api/leaderboard/requests";
import { useCompetition } from "../../competition/CompetitionContext";
import { domainLeaderboardPath } from "./paths";

/** Links to the other domains' leaderboard pages (docs/product.md#leaderboards). */
export function OtherDomainLinks({
  currentSlug,
  view = "official",
}: {
  currentSlug: string | undefined;
  view?: StandingsView;
}) {
  const { domains } = useCompetition().competition;
  return (
    <Group component="nav" aria-label="Other domain leaderboards" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" mr={4}>
        Other domains:
      </Text>
      {domains
        .filter((domain) => domain.slug !== currentSlug)
        .map((domain) => (
          <Button
            key={domain.slug}
            component={Link}
            to={domainLeaderboardPath(domain.name, view)}
            variant="light"
            size="compact-sm"
            radius="xl"
          >
            {domain.name}
          </Button>
        ))}
    </Group>
  );
}
