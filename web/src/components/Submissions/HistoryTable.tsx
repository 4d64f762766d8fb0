import { Anchor, Badge, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import type { SubmissionHistoryItem } from "../../api/submissions/requests";
import { useCompetition } from "../../competition/CompetitionContext";
import { CaptionedTable } from "../TableFrame/TableFrame";
import { challengeFullName, formatSubmittedAt, submitterLabel } from "./format";
import { SUBMISSION_MESSAGES as M } from "./messages";
import { ScoreText } from "./ScoreText";
import { StatusBadge } from "./StatusBadge";
import classes from "./Submissions.module.css";

/** Below this the table scrolls inside its frame; the dashboard at 1280 px has about 1,100. */
const HISTORY_MIN_WIDTH = 820;

/** The submission's own page. */
export const submissionPath = (id: string) => `/submissions/${encodeURIComponent(id)}`;

/** An empty cell: a dash, which a screen reader reads as `label`. */
function NoValue({ label }: { label: string }) {
  return (
    <Text size="sm" c="dimmed">
      –<VisuallyHidden>{label}</VisuallyHidden>
    </Text>
  );
}

function HistoryRow({ item }: { item: SubmissionHistoryItem }) {
  const { competition } = useCompetition();
  const challenge = competition.challengeByKey(item.challenge_key);
  const fullName = challengeFullName(competition, item.domain, item.challenge_key, item.challenge);
  return (
    <Table.Tr>
      <Table.Td className={classes.timeColumn}>
        <Anchor component={Link} to={submissionPath(item.submission_id)} size="sm">
          <time dateTime={item.created_at}>{formatSubmittedAt(item.created_at)}</time>
        </Anchor>
        <Text size="xs" c="dimmed" className={classes.wrapAnywhere}>
          {M.sentBy(submitterLabel(item.submitted_by))}
        </Text>
      </Table.Td>
      <Table.Td className={classes.challengeColumn}>
        {/* Two lines at most: "Domain C1", then the title cut to the column (all of it
            stays in the text a screen reader reads, and in the tooltip). */}
        <Text size="sm" className={classes.nowrap}>
          {item.domain} C{item.challenge}
        </Text>
        {challenge && (
          <Text size="xs" c="dimmed" className={classes.oneLine} title={fullName}>
            {challenge.title}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.statusColumn}>
        <Stack gap={4} align="flex-start">
          <StatusBadge status={item.status} />
          <Text size="xs" c="dimmed">
            {item.counted ? M.counted : M.practice}
          </Text>
          {item.error && (
            <Text size="xs" className={classes.fullText}>
              {item.error}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        {item.score === null ? (
          <NoValue label={M.noScore} />
        ) : (
          <ScoreText score={item.score} kind={item.score_kind} feedback={item.feedback} />
        )}
        {item.scored_on_earlier_answers && (
          <Text size="xs" c="dimmed" className={classes.fullText}>
            {M.scoredOnEarlierAnswers}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.noteColumn}>
        {item.note ? (
          <Text size="sm" className={classes.fullText}>
            {item.note}
          </Text>
        ) : (
          <NoValue label={M.noNote} />
        )}
      </Table.Td>
      <Table.Td className={classes.finalColumn}>
        {item.final ? (
          <Badge variant="light" color="grape">
            {M.finalMark}
          </Badge>
        ) : (
          <NoValue label={M.notFinal} />
        )}
      </Table.Td>
    </Table.Tr>
  );
}

interface HistoryTableProps {
  items: readonly SubmissionHistoryItem[];
  /** A newer page is on its way: the rows shown are the previous ones. */
  busy: boolean;
}

/**
 * The team's submissions as a table: six columns that fit the dashboard at 1280 px (who sent it
 * under the time, counted or practice under the status, the challenge on two lines), and that
 * scroll sideways inside their frame on a phone (messages and notes are shown in full, so it
 * cannot shrink to 390 px); the page itself never scrolls sideways.
 */
export function HistoryTable({ items, busy }: HistoryTableProps) {
  const C = M.columns;
  return (
    <CaptionedTable
      caption={M.historyCaption}
      columns={[C.time, C.challenge, C.status, C.score, C.note, C.final]}
      minWidth={HISTORY_MIN_WIDTH}
      busy={busy}
      verticalSpacing="sm"
      className={classes.historyTable}
    >
      {items.map((item) => (
        <HistoryRow key={item.submission_id} item={item} />
      ))}
    </CaptionedTable>
  );
}
