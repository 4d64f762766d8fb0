import { adminOverviewSchema } from "@tandem/contracts";
import useSWR from "swr";
import { api } from "../../client";

export const OVERVIEW_KEY = "/admin/overview";

/** The competition at a glance; read again every 30 s while the page is open. */
export function useAdminOverview() {
  return useSWR(OVERVIEW_KEY, (key: string) => api.getParsed(key, adminOverviewSchema), {
    refreshInterval: 30_000,
  });
}
