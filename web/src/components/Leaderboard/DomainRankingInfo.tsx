import { List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type Domain, METRICS } from "@tandem/competition";
import { useDomainLeaderboard } from "../../api/leaderboard/hooks";
import type { StandingsView } from "../../api/leaderboard/requests";
import { useCompetitionWindowText } from "./competitionWindow";
import { formatScore } from "./format";

/**
 * The domain leaderboard's explanation panel (docs/product.md#leaderboards): the domain's
 * challenges and scoring.
 */
export function DomainRankingInfo({
  domain,
  view = "official",
}: {
  domain: Domain;
  view?: StandingsView;
}) {
  // The baselines are measured on this deployment's data: they come with the leaderboard (the
  // same request the table above makes, so no second call).
  const { data } = useDomainLeaderboard(domain.slug, view);
  const baselines = data?.baseline.challenges;
  const windowText = useCompetitionWindowText();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="domain-ranking-info">
      <Title order={2} size="h4" id="domain-ranking-info" mb="md">
        How the {domain.name} leaderboard works
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <List size="sm" spacing="xs">
          <List.Item>
            Each challenge cell shows the team's best counted result and, below it, its challenge
            score: with N teams holding a result, rank r scores (N − r + 1) / N.
          </List.Item>
          <List.Item>
            The domain score is the mean of the {domain.challenges.length} challenge scores; a
            challenge without a submission counts 0.
          </List.Item>
          <List.Item>
            Ties go to fewer valid submissions, then to the earlier best submission.
          </List.Item>
          <List.Item>
            A check mark means the result beats the baseline, which a team must do to win a domain
            prize. The hatched baseline row is for reference and is not ranked.
          </List.Item>
          <List.Item>
            Only submissions inside the competition window count ({windowText}).
          </List.Item>
        </List>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Challenges
          </Text>
          {domain.challenges.map((challenge) => {
            const metric = METRICS[challenge.metric];
            const baseline = baselines?.[challenge.key]?.metric_value ?? null;
            return (
              <Text key={challenge.key} size="sm">
                <Text span fw={600} inherit>
                  C{challenge.number}: {challenge.title}
                </Text>
                {" · "}
                {metric.name}, {metric.higherIsBetter ? "higher" : "lower"} is better
                {" · "}
                baseline {baseline === null ? "not measured yet" : formatScore(baseline)}
              </Text>
            );
          })}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
