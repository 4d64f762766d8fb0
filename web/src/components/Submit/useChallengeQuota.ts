import { useEffect } from "react";
import { useSubmissionSummary } from "../../api/submissions/hooks";

export interface ChallengeQuota {
  remaining: number;
  limit: number;
  resetsAt: Date;
}

/**
 * The team's quota on one challenge today, from `GET /api/submissions/summary` (the count and
 * the limit `/api/submit` admits against); null while unknown. Past the reset the numbers are
 * yesterday's: they are read again rather than shown.
 */
export function useChallengeQuota(challengeKey: string, now: Date) {
  const { data, mutate } = useSubmissionSummary();
  const entry = data?.find((challenge) => challenge.challenge_key === challengeKey);
  const resetsAt = entry ? new Date(entry.resets_at) : null;
  const stale = resetsAt !== null && now >= resetsAt;
  useEffect(() => {
    if (stale) void mutate();
  }, [stale, mutate]);
  const quota: ChallengeQuota | null =
    entry && resetsAt && !stale
      ? { remaining: entry.remaining_today, limit: entry.daily_limit, resetsAt }
      : null;
  return { quota, recheck: () => void mutate() };
}
