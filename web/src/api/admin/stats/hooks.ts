import { submissionsPerHourSchema } from "@tandem/contracts";
import useSWR from "swr";
import { api } from "../../client";

export const SUBMISSIONS_PER_HOUR_KEY = "/admin/stats/submissions-per-hour";

/** Submissions in each hour of the last 48 (or since the window opened); read again each minute. */
export function useSubmissionsPerHour() {
  return useSWR(
    SUBMISSIONS_PER_HOUR_KEY,
    (key: string) => api.getParsed(key, submissionsPerHourSchema),
    { refreshInterval: 60_000 },
  );
}
