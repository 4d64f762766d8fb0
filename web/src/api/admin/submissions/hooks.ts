import {
  adminSubmissionDetailSchema,
  adminSubmissionsPageSchema,
  challengeRescoreProgressSchema,
  requeuedResponseSchema,
  type SubmissionStatus,
} from "@tandem/contracts";
import useSWR from "swr";
import { api } from "../../client";
import { withQuery } from "../../lib/query";
import { useAdminWrite } from "../../lib/write";
import { OVERVIEW_KEY } from "../overview/hooks";
import { adminSubmissionKey, SUBMISSIONS_PATH } from "./requests";

/** "" stands for "all"; `since`/`until` are ISO date-times. */
export interface AdminSubmissionsFilter {
  team: string;
  challenge: string;
  status: SubmissionStatus | "";
  since: string;
  until: string;
}

export const NO_SUBMISSION_FILTERS: AdminSubmissionsFilter = {
  team: "",
  challenge: "",
  status: "",
  since: "",
  until: "",
};

export function adminSubmissionsKey(
  filter: AdminSubmissionsFilter,
  limit: number,
  cursor?: string,
): string {
  return withQuery(SUBMISSIONS_PATH, { ...filter, team: filter.team.trim(), limit, cursor });
}

const unfinished = (status: SubmissionStatus) => status === "queued" || status === "scoring";

/** A page of the list; read again every 3 s while a row shown is queued or being scored. */
export function useAdminSubmissions(key: string) {
  return useSWR(key, (path: string) => api.getParsed(path, adminSubmissionsPageSchema), {
    keepPreviousData: true,
    refreshInterval: (data) =>
      data?.submissions.some((row) => unfinished(row.status)) ? LIST_POLL_MS : 0,
  });
}

export const LIST_POLL_MS = 3_000;

/** One submission; read every 2 s while it is queued or being scored (after a rescore). */
export function useAdminSubmission(id: string) {
  return useSWR(
    adminSubmissionKey(id),
    (path: string) => api.getParsed(path, adminSubmissionDetailSchema),
    { refreshInterval: (data) => (data && unfinished(data.status) ? 2_000 : 0) },
  );
}

const AFTER_RESCORE = [SUBMISSIONS_PATH, OVERVIEW_KEY, "/admin/teams"];

export type SubmissionAction = { kind: "rescore" } | { kind: "invalidate"; reason: string };

export function useSubmissionAction(id: string) {
  return useAdminWrite(
    `${adminSubmissionKey(id)}#action`,
    (action: SubmissionAction) =>
      api.postParsed(
        `${adminSubmissionKey(id)}/${action.kind}`,
        adminSubmissionDetailSchema,
        action.kind === "invalidate" ? { reason: action.reason } : undefined,
      ),
    AFTER_RESCORE,
  );
}

export function useRetryFailed() {
  return useAdminWrite(
    "/admin/submissions/retry-failed",
    (challengeKey: string | null) =>
      api.postParsed(
        "/admin/submissions/retry-failed",
        requeuedResponseSchema,
        challengeKey ? { challenge_key: challengeKey } : undefined,
      ),
    AFTER_RESCORE,
  );
}

/** The key's slash is escaped: the route takes the whole key as one path part. */
export const challengeRescoreKey = (challengeKey: string) =>
  `/admin/challenges/${encodeURIComponent(challengeKey)}/rescore`;

export function useRescoreChallenge() {
  return useAdminWrite(
    "/admin/challenges#rescore",
    (challengeKey: string) =>
      api.postParsed(challengeRescoreKey(challengeKey), requeuedResponseSchema),
    ["/admin/challenges", ...AFTER_RESCORE],
  );
}

/** The latest rescore of a challenge; read every 2 s while submissions remain. */
export function useRescoreProgress(challengeKey: string | null) {
  return useSWR(
    challengeKey ? challengeRescoreKey(challengeKey) : null,
    (path: string) => api.getParsed(path, challengeRescoreProgressSchema),
    { refreshInterval: (data) => (data && data.remaining > 0 ? 2_000 : 0) },
  );
}
