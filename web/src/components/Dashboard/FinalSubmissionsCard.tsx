import {
  Alert,
  Anchor,
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
import {
  FINAL_CANDIDATES_BEST,
  FINAL_CANDIDATES_NEWEST,
  FINAL_CARD_MESSAGES,
  TEAM_MESSAGES,
} from "@tandem/contracts";
import { useId, useState } from "react";
import { Link } from "react-router";
import { hasErrorCode } from "../../api/client";
import { useFinalCandidates, useSetFinal } from "../../api/submissions/hooks";
import type { SubmissionHistoryItem } from "../../api/submissions/requests";
import { LoadError } from "../LoadError";
import { submissionPath } from "../Submissions/HistoryTable";
import { ScoreText } from "../Submissions/ScoreText";
import classes from "./Dashboard.module.css";
import {
  type FinalChoice,
  finalChoices,
  formatSubmittedAt,
  sharedLimit,
  shortId,
} from "./finalSelection";
import { failureReason } from "./teamErrors";

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
            <Table.Th scope="col">{FINAL_CARD_MESSAGES.submissionColumn}</Table.Th>
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
                <Table.Td className={classes.finalSubmission}>
                  {/* Time, short id and note: what tells two equal scores apart. */}
                  <Text size="sm">
                    <Anchor component={Link} to={submissionPath(item.submission_id)} inherit>
                      <time dateTime={item.created_at}>{time}</time>
                    </Anchor>
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {FINAL_CARD_MESSAGES.shortId(shortId(item.submission_id))}
                  </Text>
                  {item.note ? (
                    <Text size="sm" className={classes.finalNote}>
                      {item.note}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed" fs="italic">
                      {FINAL_CARD_MESSAGES.noNote}
                    </Text>
                  )}
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
      {choice.eligible > choice.submissions.length && (
        <Text size="xs" c="dimmed" mt="xs">
          {FINAL_CARD_MESSAGES.showing(
            choice.submissions.length,
            choice.eligible,
            FINAL_CANDIDATES_BEST,
            FINAL_CANDIDATES_NEWEST,
          )}
        </Text>
      )}
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
 * The team's choice of final submissions per challenge (issue 17, ADR 0009): by domain and
 * challenge, the scored, counted submissions a team would pick from (marked, best by public
 * score, newest; issue 33), each with its note and short id and a switch that marks it final.
 */
export function FinalSubmissionsCard() {
  const titleId = useId();
  // Per challenge only what is listed (marked, best, newest), however many the team has made.
  const { data, error, isLoading, mutate } = useFinalCandidates();
  const { trigger } = useSetFinal();
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [refusals, setRefusals] = useState<ReadonlyMap<string, Refusal>>(new Map());
  // The deadline is the deployment's; the web learns it has passed from the server's refusal.
  const [closedMessage, setClosedMessage] = useState<string | null>(null);

  const domains = data ? finalChoices(data) : [];
  const someUnlisted = domains.some((d) =>
    d.challenges.some((choice) => choice.eligible > choice.submissions.length),
  );

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
            {someUnlisted && (
              <Text size="sm" c="dimmed">
                {FINAL_CARD_MESSAGES.markOther}
              </Text>
            )}
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
