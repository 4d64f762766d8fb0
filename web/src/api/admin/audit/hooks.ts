import { adminAuditPageSchema } from "@tandem/contracts";
import useSWR from "swr";
import { api } from "../../client";
import { withQuery } from "../../lib/query";

export const AUDIT_PATH = "/admin/audit";

/** "" stands for "any"; `since`/`until` are ISO date-times. */
export interface AdminAuditFilter {
  action: string;
  actor: string;
  target_type: string;
  target_id: string;
  since: string;
  until: string;
}

export const NO_AUDIT_FILTERS: AdminAuditFilter = {
  action: "",
  actor: "",
  target_type: "",
  target_id: "",
  since: "",
  until: "",
};

export function adminAuditKey(filter: AdminAuditFilter, limit: number, cursor?: string): string {
  const trimmed = Object.fromEntries(
    Object.entries(filter).map(([name, value]) => [name, value.trim()]),
  );
  return withQuery(AUDIT_PATH, { ...trimmed, limit, cursor });
}

export function useAdminAudit(key: string) {
  return useSWR(key, (path: string) => api.getParsed(path, adminAuditPageSchema), {
    keepPreviousData: true,
  });
}
