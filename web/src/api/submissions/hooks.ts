import useSWR, { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import {
  fetchSubmissionHistory,
  type HistoryQuery,
  isSubmissionHistoryKey,
  setFinalRequest,
  submissionHistoryKey,
} from "./requests";

/** The team's submissions, newest first; `null` asks for nothing (no team yet). */
export function useSubmissionHistory(query: HistoryQuery | null = {}) {
  return useSWR(query === null ? null : submissionHistoryKey(query), fetchSubmissionHistory);
}

export interface FinalChange {
  submissionId: string;
  final: boolean;
}

/**
 * Marks or unmarks a submission as final. Every history is read again afterwards, success or
 * not (a refusal may mean the list is stale), and the trigger resolves once that is done, so the
 * switch never flips back for a moment.
 */
export function useSetFinal() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    "/submissions/final",
    async (_key: string, { arg }: { arg: FinalChange }) => {
      try {
        return await setFinalRequest(arg.submissionId, arg.final);
      } finally {
        await mutate(isSubmissionHistoryKey);
      }
    },
  );
}
