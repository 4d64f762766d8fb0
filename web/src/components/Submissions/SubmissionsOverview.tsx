import { SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { useSubmissionSummary } from "../../api/submissions/hooks";
import type { ChallengeSummary } from "../../api/submissions/requests";
import { LoadError } from "../LoadError";
import { ChallengeSummaryCard } from "./ChallengeSummaryCard";
import { SUBMISSION_MESSAGES as M } from "./messages";

interface DomainGroup {
  domain: string;
  challenges: ChallengeSummary[];
}

/** The answer lists the challenges in the competition's order, each domain's together. */
function byDomain(challenges: readonly ChallengeSummary[]): DomainGroup[] {
  const groups: DomainGroup[] = [];
  for (const challenge of challenges) {
    const last = groups.at(-1);
    if (last?.domain === challenge.domain) last.challenges.push(challenge);
    else groups.push({ domain: challenge.domain, challenges: [challenge] });
  }
  return groups;
}

function OverviewSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-hidden>
      {Array.from({ length: 3 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={i} height={180} radius="md" />
      ))}
    </SimpleGrid>
  );
}

function DomainChallenges({
  group,
  renderAction,
}: { group: DomainGroup } & SubmissionsOverviewProps) {
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={4} size="h5" c="dimmed" tt="uppercase" id={headingId}>
        {group.domain}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {group.challenges.map((challenge) => (
          <ChallengeSummaryCard
            key={challenge.challenge_key}
            challenge={challenge}
            action={renderAction?.(challenge)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

interface SubmissionsOverviewProps {
  /** Each challenge's action (the browser upload's button), shown at the foot of its card. */
  renderAction?: (challenge: ChallengeSummary) => ReactNode;
}

/** Every challenge of the competition with the team's standing on it (`GET /api/submissions/summary`). */
export function SubmissionsOverview({ renderAction }: SubmissionsOverviewProps) {
  const { data, error, isLoading, mutate } = useSubmissionSummary();
  return (
    <Stack gap="md" component="section" aria-labelledby="submissions-overview-heading">
      <Title order={3} id="submissions-overview-heading">
        {M.overviewTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {M.overviewIntro}
      </Text>
      {error && !data && (
        <LoadError title={M.overviewLoadFailed} error={error} onRetry={() => mutate()} />
      )}
      {isLoading && <OverviewSkeleton />}
      {data &&
        byDomain(data).map((group) => (
          <DomainChallenges key={group.domain} group={group} renderAction={renderAction} />
        ))}
    </Stack>
  );
}
