import { useCallback, useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import {
  everyHistoryPageKey,
  FINAL_CANDIDATES_KEY,
  fetchEveryHistoryPage,
  fetchFinalCandidates,
  fetchSubmission,
  fetchSubmissionHistory,
  fetchSubmissionSummary,
  type HistoryQuery,
  isSubmissionHistoryKey,
  isSubmissionListKey,
  isUnfinished,
  SUMMARY_KEY,
  type SubmissionDetail,
  type SubmissionHistoryPage,
  type SubmissionStatus,
  setFinalRequest,
  submissionHistoryKey,
  submissionKey,
} from "./requests";

/** The first poll of an unfinished submission waits 1 s; each poll that finds no change doubles it. */
export const POLL_FIRST_MS = 1_000;
export const POLL_MAX_MS = 15_000;
/**
 * With nothing unfinished, the first history page is still read this often (only while the page
 * is visible: SWR pauses hidden tabs), so a dashboard left open shows what the SDK or a teammate
 * sent meanwhile.
 */
export const IDLE_POLL_MS = 15_000;

/** The wait before the next poll, after `unchangedPolls` polls in a row found nothing new. */
export function pollDelay(unchangedPolls: number): number {
  return Math.min(POLL_FIRST_MS * 2 ** unchangedPolls, POLL_MAX_MS);
}

/** The team's standing on each challenge (the dashboard's overview); `false` asks for nothing. */
export function useSubmissionSummary(enabled = true) {
  return useSWR(enabled ? SUMMARY_KEY : null, fetchSubmissionSummary);
}

type Statuses = ReadonlyMap<string, SubmissionStatus>;

function sameStatuses(a: Statuses, b: Statuses): boolean {
  if (a.size !== b.size) return false;
  for (const [id, status] of a) if (b.get(id) !== status) return false;
  return true;
}

/**
 * Polls while any of the shown submissions is queued or scoring: 1 s, then doubling up to 15 s
 * while nothing changes, back to 1 s when something does, and not at all once every one is
 * done. When one finishes, the summary and the final-pick list are read again (its score and
 * the day's count have changed). The interval is worked out from the cached data on each
 * render: SWR's function form is only asked when a timer is set, so it would never start
 * polling for data that arrives after mounting.
 */
function useLivePolling<T>(
  key: string | null,
  statusesOf: (data: T) => Statuses,
  { idleMs = 0 }: { idleMs?: number } = {},
) {
  const { cache, mutate } = useSWRConfig();
  const [unchangedPolls, setUnchangedPolls] = useState(0);
  const previous = useRef<Statuses | null>(null);

  const onSuccess = useCallback(
    (fresh: T) => {
      const now = statusesOf(fresh);
      const before = previous.current;
      previous.current = now;
      const changed = before === null || !sameStatuses(before, now);
      setUnchangedPolls((count) => (changed ? 0 : count + 1));
      const finished =
        before !== null &&
        [...before].some(([id, status]) => {
          const current = now.get(id);
          return isUnfinished(status) && current !== undefined && !isUnfinished(current);
        });
      // A submission sent elsewhere meanwhile changes the day's count too.
      const arrived = before !== null && [...now.keys()].some((id) => !before.has(id));
      if (finished || arrived) {
        void mutate(SUMMARY_KEY);
        void mutate(FINAL_CANDIDATES_KEY);
        // The score chart's whole-history reads (a one-page history polls by itself).
        void mutate((key) => Array.isArray(key) && isSubmissionHistoryKey(key));
      }
    },
    [mutate, statusesOf],
  );

  const data = key === null ? undefined : (cache.get(key)?.data as T | undefined);
  const unfinished = data !== undefined && [...statusesOf(data).values()].some(isUnfinished);
  return { refreshInterval: unfinished ? pollDelay(unchangedPolls) : idleMs, onSuccess };
}

const pageStatuses = (page: SubmissionHistoryPage): Statuses =>
  new Map(page.submissions.map((item) => [item.submission_id, item.status]));

const detailStatuses = (detail: SubmissionDetail): Statuses =>
  new Map([[detail.submission_id, detail.status]]);

/** One page of the team's submissions, newest first, kept live (`useLivePolling`). */
export function useSubmissionHistoryPage(query: HistoryQuery | null) {
  const key = query === null ? null : submissionHistoryKey(query);
  // Only the first page can gain newer submissions.
  const live = useLivePolling(key, pageStatuses, { idleMs: query?.cursor ? 0 : IDLE_POLL_MS });
  return useSWR(key, fetchSubmissionHistory, { ...live, keepPreviousData: true });
}

/** Every submission a query matches, all pages read (the score chart); `null` asks for nothing. */
export function useEverySubmission(query: Omit<HistoryQuery, "cursor"> | null) {
  return useSWR(query === null ? null : everyHistoryPageKey(query), fetchEveryHistoryPage);
}

/** Per challenge, the submissions the final-pick card lists (marked, best, newest). */
export function useFinalCandidates() {
  return useSWR(FINAL_CANDIDATES_KEY, fetchFinalCandidates);
}

/** One of the team's submissions, kept live while it is queued or scoring. */
export function useSubmission(submissionId: string | null) {
  const key = submissionId === null ? null : submissionKey(submissionId);
  const live = useLivePolling(key, detailStatuses);
  return useSWR(key, fetchSubmission, live);
}

export interface FinalChange {
  submissionId: string;
  final: boolean;
}

/**
 * Marks or unmarks a submission as final. Every history, the final-pick list and the
 * submission's own page are read again afterwards, success or not (a refusal may mean the list is
 * stale), and the trigger resolves once that is done, so the switch never flips back for a moment.
 */
export function useSetFinal() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    "/submissions/final",
    async (_key: string, { arg }: { arg: FinalChange }) => {
      try {
        return await setFinalRequest(arg.submissionId, arg.final);
      } finally {
        await Promise.all([mutate(isSubmissionListKey), mutate(submissionKey(arg.submissionId))]);
      }
    },
  );
}
