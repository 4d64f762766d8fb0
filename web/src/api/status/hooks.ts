import { queueStatusSchema } from "@tandem/contracts";
import useSWR from "swr";
import { api } from "../client";

export const QUEUE_STATUS_KEY = "/status";

/** How often a visible page reads the queue again (the gateway keeps it ~2 s anyway). */
export const QUEUE_STATUS_REFRESH_MS = 15_000;

/**
 * The scoring queue (`GET /api/status`), public. Every panel shares one read; a hidden tab
 * stops polling, so thousands of forgotten tabs do not poll through a deadline.
 */
export function useQueueStatus() {
  return useSWR(QUEUE_STATUS_KEY, (key: string) => api.getParsed(key, queueStatusSchema), {
    refreshInterval: QUEUE_STATUS_REFRESH_MS,
    refreshWhenHidden: false,
    refreshWhenOffline: false,
    revalidateOnFocus: true,
  });
}
