import {
  type ChallengeSummary,
  type FinalCandidatesChallenge,
  finalCandidatesResponseSchema,
  HISTORY_PAGE_MAX,
  type SubmissionDetail,
  type SubmissionHistoryPage,
  type SubmissionStatus,
  type SubmitResponse,
  submissionDetailSchema,
  submissionHistoryResponseSchema,
  submissionSummaryResponseSchema,
  submitResponseSchema,
} from "@tandem/contracts";
import { api, apiRequest, parseResponse } from "../client";
import { saveDownload } from "../lib/download";

export type {
  ChallengeSummary,
  FinalCandidatesChallenge,
  ScoreKind,
  SubmissionDetail,
  SubmissionHistoryItem,
  SubmissionHistoryPage,
  SubmissionStatus,
  SubmitResponse,
  SubmittedBy,
} from "@tandem/contracts";

const HISTORY_PATH = "/submissions/history";

/**
 * `queued` and `scoring` are not done yet (docs/architecture.md#submission-lifecycle): their pages
 * keep polling.
 */
export function isUnfinished(status: SubmissionStatus): boolean {
  return status === "queued" || status === "scoring";
}

export interface HistoryQuery {
  limit?: number;
  /** A domain's slug or display name; all domains when absent. */
  domain?: string;
  /** A challenge key (`retail-banking/2`); every challenge when absent. */
  challenge?: string;
  status?: SubmissionStatus;
  /** The previous page's `next_cursor`: the submissions older than that page's last. */
  cursor?: string;
}

/** `GET /api/submissions/history`'s path for a query, which is also its SWR key. */
export function submissionHistoryKey({
  limit = HISTORY_PAGE_MAX,
  domain,
  challenge,
  status,
  cursor,
}: HistoryQuery = {}): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (domain) params.set("domain", domain);
  if (challenge) params.set("challenge", challenge);
  if (status) params.set("status", status);
  if (cursor) params.set("cursor", cursor);
  return `${HISTORY_PATH}?${params}`;
}

/** One page of the team's submissions, newest first. */
export function fetchSubmissionHistory(key: string): Promise<SubmissionHistoryPage> {
  return api.getParsed(key, submissionHistoryResponseSchema);
}

/**
 * Every page of a history query, as one SWR key (the score chart draws a challenge's whole
 * history): the tag keeps it apart from the key of its first page, which holds one page only.
 */
export type EveryHistoryPageKey = readonly ["every-page", string];

export function everyHistoryPageKey(query: Omit<HistoryQuery, "cursor">): EveryHistoryPageKey {
  return ["every-page", submissionHistoryKey(query)];
}

/** Follows `next_cursor` from the first page to the last; the submissions, newest first. */
export async function fetchEveryHistoryPage([, firstPage]: EveryHistoryPageKey) {
  const items: SubmissionHistoryPage["submissions"] = [];
  let path = firstPage;
  for (;;) {
    const page = await fetchSubmissionHistory(path);
    items.push(...page.submissions);
    if (page.next_cursor === null) return items;
    path = `${firstPage}&${new URLSearchParams({ cursor: page.next_cursor })}`;
  }
}

/** Every history key, one page or all, whatever its query (to revalidate them all after a change). */
export function isSubmissionHistoryKey(key: unknown): boolean {
  const path = Array.isArray(key) && key[0] === "every-page" ? key[1] : key;
  return typeof path === "string" && path.startsWith(`${HISTORY_PATH}?`);
}

/** `GET /api/submissions/final-candidates`: what the final-pick card lists, per challenge. */
export const FINAL_CANDIDATES_KEY = "/submissions/final-candidates";

export async function fetchFinalCandidates(): Promise<FinalCandidatesChallenge[]> {
  const { challenges } = await api.getParsed(FINAL_CANDIDATES_KEY, finalCandidatesResponseSchema);
  return challenges;
}

/** The history pages and the final-pick card's list: what a score or a mark changes. */
export function isSubmissionListKey(key: unknown): boolean {
  return key === FINAL_CANDIDATES_KEY || isSubmissionHistoryKey(key);
}

export const SUMMARY_KEY = "/submissions/summary";

/** The team's standing on each of the 17 challenges, in the competition's order. */
export async function fetchSubmissionSummary(): Promise<ChallengeSummary[]> {
  // The web reads the pause from /config/public (useSubmissionsPause); only the challenges here.
  const { challenges } = await api.getParsed(
    SUMMARY_KEY,
    submissionSummaryResponseSchema.pick({ challenges: true }),
  );
  return challenges;
}

/** `GET /api/submissions/{id}`'s path, which is also its SWR key. */
export function submissionKey(submissionId: string): string {
  return `/submissions/${encodeURIComponent(submissionId)}`;
}

export function fetchSubmission(key: string): Promise<SubmissionDetail> {
  return api.getParsed(key, submissionDetailSchema);
}

/**
 * Marks (`POST`) or unmarks (`DELETE /api/submissions/{id}/final`) one of the team's
 * submissions as final; answers the submission as it now is.
 */
export async function setFinalRequest(submissionId: string, final: boolean) {
  const path = `${submissionKey(submissionId)}/final`;
  const body = final
    ? await api.post<unknown>(path)
    : await apiRequest<unknown>(path, { method: "DELETE" });
  return parseResponse<SubmitResponse>(submitResponseSchema, body, path);
}

/** Saves the CSV the team sent for a submission (`GET /api/submissions/{id}/file`). */
export function downloadSubmissionFile(submissionId: string): Promise<string> {
  return saveDownload(`${submissionKey(submissionId)}/file`, `submission-${submissionId}.csv`);
}
