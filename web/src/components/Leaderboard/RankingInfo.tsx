import { List, Paper, Text, Title } from "@mantine/core";
import { useCompetition } from "../../competition/CompetitionContext";
import { useCompetitionWindowText } from "./competitionWindow";

/**
 * The overall leaderboard's info panel (docs/product.md#leaderboards) with the ranking rules of
 * docs/architecture.md#ranking-rules.
 */
export function RankingInfo() {
  const { competition } = useCompetition();
  const windowText = useCompetitionWindowText();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="ranking-info">
      <Title order={2} size="h4" id="ranking-info" mb="sm">
        How the ranking works
      </Title>
      <List size="sm" spacing="xs">
        <List.Item>
          <Text span fw={600} inherit>
            Challenge score:
          </Text>{" "}
          each team's best result on a challenge is ranked against the other N teams with a result.
          Rank r scores (N − r + 1) / N, so first place scores 1; equal results share a rank.
        </List.Item>
        <List.Item>
          <Text span fw={600} inherit>
            Domain score:
          </Text>{" "}
          the mean of the domain's challenge scores. A challenge without a submission counts 0.
        </List.Item>
        <List.Item>
          <Text span fw={600} inherit>
            Overall score:
          </Text>{" "}
          the mean of the {competition.domains.length} domain scores.
        </List.Item>
        <List.Item>
          <Text span fw={600} inherit>
            Ties:
          </Text>{" "}
          fewer valid submissions first, then the earlier time of the best submission.
        </List.Item>
        <List.Item>
          <Text span fw={600} inherit>
            Counted submissions:
          </Text>{" "}
          only those an activated team makes inside the competition window, {windowText}. Others are
          scored as practice and never ranked.
        </List.Item>
        <List.Item>
          <Text span fw={600} inherit>
            Time used:
          </Text>{" "}
          from the team's activation to its latest counted submission.
        </List.Item>
      </List>
    </Paper>
  );
}
