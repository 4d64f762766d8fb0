import {
  type SubmissionHistoryItem,
  type SubmitResponse,
  submissionHistoryResponseSchema,
  submitResponseSchema,
} from "@tandem/contracts";
import { api, apiRequest, parseResponse } from "../client";

export type { ScoreKind, SubmissionHistoryItem, SubmitResponse } from "@tandem/contracts";

const HISTORY_PATH = "/submissions/history";

/** The most submissions one history request answers (the API's own cap). */
export const HISTORY_MAX_LIMIT = 500;

export interface HistoryQuery {
  limit?: number;
  /** A domain's slug or display name; all domains when absent. */
  domain?: string;
}

/** `GET /api/submissions/history`'s path for a query, which is also its SWR key. */
export function submissionHistoryKey({ limit = HISTORY_MAX_LIMIT, domain }: HistoryQuery = {}) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (domain) params.set("domain", domain);
  return `${HISTORY_PATH}?${params}`;
}

/** Every history key, whatever its query (to revalidate them all after a change). */
export function isSubmissionHistoryKey(key: unknown): boolean {
  return typeof key === "string" && key.startsWith(`${HISTORY_PATH}?`);
}

/** The team's submissions, newest first (team API key). */
export async function fetchSubmissionHistory(key: string): Promise<SubmissionHistoryItem[]> {
  const { submissions } = await api.getParsed(key, submissionHistoryResponseSchema);
  return submissions;
}

/**
 * Marks (`POST`) or unmarks (`DELETE /api/submissions/{id}/final`) one of the team's
 * submissions as final; answers the submission as it now is.
 */
export async function setFinalRequest(submissionId: string, final: boolean) {
  const path = `/submissions/${encodeURIComponent(submissionId)}/final`;
  const body = final
    ? await api.post<unknown>(path)
    : await apiRequest<unknown>(path, { method: "DELETE" });
  return parseResponse<SubmitResponse>(submitResponseSchema, body, path);
}
