import {
  Alert,
  Badge,
  Card,
  Group,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { TEAM_MESSAGES } from "@tandem/contracts";
import { useId, useState } from "react";
import { hasErrorCode } from "../../api/client";
import { useEverySubmission, useSetFinal } from "../../api/submissions/hooks";
import type { SubmissionHistoryItem } from "../../api/submissions/requests";
import { useCompetition } from "../../competition/CompetitionContext";
import { LoadError } from "../LoadError";
import { ScoreText } from "../Submissions/ScoreText";
import classes from "./Dashboard.module.css";
import { type FinalChoice, finalChoices, formatSubmittedAt, sharedLimit } from "./finalSelection";
import { failureReason } from "./teamErrors";

const SCORED = { status: "scored" } as const;

interface Refusal {
  title: string;
  message: string;
}

function ScoreCell({ item }: { item: SubmissionHistoryItem }) {
  return <ScoreText score={item.score} kind={item.score_kind} feedback={item.feedback} />;
}

interface ChallengeChoicesProps {
  choice: FinalChoice;
  /** Intended states of submissions whose change is on its way. */
  pending: ReadonlyMap<string, boolean>;
  closed: boolean;
  refusal: Refusal | undefined;
  onChange: (item: SubmissionHistoryItem, final: boolean) => void;
}

function ChallengeChoices({ choice, pending, closed, refusal, onChange }: ChallengeChoicesProps) {
  const headingId = useId();
  const full = choice.marked >= choice.limit;
  return (
    <section aria-labelledby={headingId} className={classes.finalChallenge}>
      <Group justify="space-between" align="center" gap="xs" mb="xs">
        <Title order={5} id={headingId} className={classes.wrapAnywhere}>
          {choice.title}
        </Title>
        <Badge variant="light" color={full ? "teal" : "gray"} style={{ flex: "none" }}>
          {TEAM_MESSAGES.finalMarkedCount(choice.marked, choice.limit)}
        </Badge>
      </Group>
      {refusal && (
        <Alert color="red" variant="light" title={refusal.title} mb="xs">
          <Text size="sm" className={classes.wrapAnywhere}>
            {refusal.message}
          </Text>
        </Alert>
      )}
      <Table aria-labelledby={headingId} verticalSpacing="xs" horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Submitted</Table.Th>
            <Table.Th scope="col">Score</Table.Th>
            <Table.Th scope="col" className={classes.finalColumn}>
              {TEAM_MESSAGES.finalColumn}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {choice.submissions.map((item) => {
            const time = formatSubmittedAt(item.created_at);
            const intended = pending.get(item.submission_id);
            return (
              <Table.Tr key={item.submission_id}>
                <Table.Td>
                  <Text size="sm">
                    <time dateTime={item.created_at}>{time}</time>
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ScoreCell item={item} />
                </Table.Td>
                <Table.Td className={classes.finalColumn}>
                  <Switch
                    aria-label={TEAM_MESSAGES.finalMarkLabel(time, choice.fullName)}
                    checked={intended ?? item.final}
                    disabled={closed}
                    aria-busy={intended !== undefined}
                    onChange={(event) => onChange(item, event.currentTarget.checked)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </section>
  );
}

function FinalSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      <Skeleton height={20} width="50%" />
      <Skeleton height={36} />
      <Skeleton height={36} />
    </Stack>
  );
}

/**
 * The team's choice of final submissions per challenge (issue 17, ADR 0009): its scored,
 * counted submissions by domain and challenge, each with a switch that marks it final.
 */
export function FinalSubmissionsCard() {
  const titleId = useId();
  // Only scored submissions can be final; every page of them, however many the team has made.
  const { data, error, isLoading, mutate } = useEverySubmission(SCORED);
  const { trigger } = useSetFinal();
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [refusals, setRefusals] = useState<ReadonlyMap<string, Refusal>>(new Map());
  // The deadline is the deployment's; the web learns it has passed from the server's refusal.
  const [closedMessage, setClosedMessage] = useState<string | null>(null);

  const { competition } = useCompetition();
  const domains = data ? finalChoices(competition, data) : [];

  const change = async (item: SubmissionHistoryItem, final: boolean) => {
    const id = item.submission_id;
    if (pending.has(id) || closedMessage !== null) return;
    setPending((map) => new Map(map).set(id, final));
    setRefusals((map) => {
      const next = new Map(map);
      next.delete(item.challenge_key);
      return next;
    });
    try {
      await trigger({ submissionId: id, final });
    } catch (failure) {
      if (hasErrorCode(failure, "submission.selection_closed")) {
        setClosedMessage(failure.serverError ?? TEAM_MESSAGES.finalClosed);
      } else {
        const title = hasErrorCode(failure, "submission.final_limit")
          ? TEAM_MESSAGES.finalLimitTitle
          : TEAM_MESSAGES.finalChangeFailed;
        setRefusals((map) =>
          new Map(map).set(item.challenge_key, { title, message: failureReason(failure) }),
        );
      }
    } finally {
      setPending((map) => {
        const next = new Map(map);
        next.delete(id);
        return next;
      });
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={3} id={titleId}>
          {TEAM_MESSAGES.finalTitle}
        </Title>

        {error && !data && (
          <LoadError title={TEAM_MESSAGES.finalLoadFailed} error={error} onRetry={() => mutate()} />
        )}

        {isLoading && <FinalSkeleton />}

        {data && domains.length === 0 && <Text c="dimmed">{TEAM_MESSAGES.finalEmpty}</Text>}

        {domains.length > 0 && (
          <>
            <Text size="sm">{TEAM_MESSAGES.finalIntro}</Text>
            <Text size="sm" c="dimmed">
              {TEAM_MESSAGES.finalNoneMarked(sharedLimit(domains))}
            </Text>
            {closedMessage !== null && (
              <Alert color="orange" variant="light" title={TEAM_MESSAGES.finalClosedTitle}>
                <Text size="sm">{closedMessage}</Text>
              </Alert>
            )}
            {domains.map(({ domain, challenges }) => (
              <Stack key={domain} gap="sm">
                <Title order={4} size="h5" c="dimmed" tt="uppercase">
                  {domain}
                </Title>
                {challenges.map((choice) => (
                  <ChallengeChoices
                    key={choice.key}
                    choice={choice}
                    pending={pending}
                    closed={closedMessage !== null}
                    refusal={refusals.get(choice.key)}
                    onChange={(item, final) => void change(item, final)}
                  />
                ))}
              </Stack>
            ))}
          </>
        )}
      </Stack>
    </Card>
  );
}
