import { Button, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useSubmissionHistoryPage } from "../../api/submissions/hooks";
import type { SubmissionHistoryPage, SubmissionStatus } from "../../api/submissions/requests";
import { useCompetition } from "../../competition/CompetitionContext";
import { LoadError } from "../LoadError";
import { TableSkeleton } from "../TableFrame/TableFrame";
import { challengeFullName } from "./format";
import { HistoryFilters, type HistoryFilterValues, NO_FILTERS } from "./HistoryFilters";
import { HistoryTable } from "./HistoryTable";
import { SUBMISSION_MESSAGES as M, STATUS_LABELS } from "./messages";

/** Rows per history page. */
export const HISTORY_PAGE_SIZE = 25;

/** Says, for a screen reader, which shown submissions changed status since the last read. */
function useStatusAnnouncement(page: SubmissionHistoryPage | undefined): string {
  const { competition } = useCompetition();
  const seen = useRef(new Map<string, SubmissionStatus>());
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    if (!page) return;
    const changed = page.submissions.filter((item) => {
      const before = seen.current.get(item.submission_id);
      return before !== undefined && before !== item.status;
    });
    for (const item of page.submissions) seen.current.set(item.submission_id, item.status);
    if (changed.length === 0) return;
    setAnnouncement(
      changed
        .map((item) =>
          M.statusChanged(
            challengeFullName(competition, item.domain, item.challenge_key, item.challenge),
            STATUS_LABELS[item.status],
          ),
        )
        .join(" "),
    );
  }, [page, competition]);
  return announcement;
}

/**
 * The team's submissions, newest first, filtered and paged on the server. The cursors of the
 * pages before the one shown are kept, so "Newer" goes back without the server's help.
 */
export function SubmissionHistory() {
  const [filters, setFilters] = useState<HistoryFilterValues>(NO_FILTERS);
  const [cursors, setCursors] = useState<readonly string[]>([]);
  const cursor = cursors.at(-1);
  const { data, error, isLoading, mutate } = useSubmissionHistoryPage({
    limit: HISTORY_PAGE_SIZE,
    ...(filters.domain ? { domain: filters.domain } : {}),
    ...(filters.challenge ? { challenge: filters.challenge } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(cursor ? { cursor } : {}),
  });
  const announcement = useStatusAnnouncement(data);
  // keepPreviousData: while a new page or filter loads, `data` is the one before.
  const busy = isLoading && data !== undefined;
  const filtered = filters !== NO_FILTERS;

  const changeFilters = (next: HistoryFilterValues) => {
    setFilters(next.domain || next.challenge || next.status ? next : NO_FILTERS);
    setCursors([]);
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="submission-history-heading">
      <Title order={3} id="submission-history-heading">
        {M.historyTitle}
      </Title>
      <HistoryFilters value={filters} onChange={changeFilters} />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>

      {error && !data && (
        <LoadError title={M.historyLoadFailed} error={error} onRetry={() => mutate()} />
      )}
      {isLoading && !data && <TableSkeleton rows={3} />}

      {data && data.submissions.length === 0 && !busy && (
        <Text c="dimmed">{filtered || cursor ? M.emptyFiltered : M.empty}</Text>
      )}
      {data && data.submissions.length > 0 && <HistoryTable items={data.submissions} busy={busy} />}

      {(cursors.length > 0 || data?.next_cursor) && (
        <Group justify="space-between" component="nav" aria-label="History pages">
          <Button
            variant="default"
            size="xs"
            disabled={cursors.length === 0 || busy}
            onClick={() => setCursors((stack) => stack.slice(0, -1))}
          >
            {M.newer}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {M.pageLabel(cursors.length + 1)}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={!data?.next_cursor || busy}
            onClick={() => {
              const next = data?.next_cursor;
              if (next) setCursors((stack) => [...stack, next]);
            }}
          >
            {M.older}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
