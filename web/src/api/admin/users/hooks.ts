import { adminUserActionResponseSchema, adminUsersPageSchema } from "@tandem/contracts";
import useSWR from "swr";
import { api } from "../../client";
import { withQuery } from "../../lib/query";
import { useAdminWrite } from "../../lib/write";
import { OVERVIEW_KEY } from "../overview/hooks";

export const USERS_PATH = "/admin/users";

export interface AdminUsersFilter {
  query: string;
  admin: "" | "true" | "false";
  status: "" | "active" | "disabled";
}

export function adminUsersKey(filter: AdminUsersFilter, limit: number, cursor?: string): string {
  return withQuery(USERS_PATH, {
    query: filter.query.trim(),
    admin: filter.admin,
    status: filter.status,
    limit,
    cursor,
  });
}

export function useAdminUsers(key: string) {
  return useSWR(key, (path: string) => api.getParsed(path, adminUsersPageSchema), {
    keepPreviousData: true,
  });
}

export type UserAction = { kind: "admin"; adminAccess: boolean } | { kind: "disable" | "enable" };

export function useUserAction() {
  return useAdminWrite(
    "/admin/users#action",
    ({ userId, action }: { userId: string; action: UserAction }) =>
      api.postParsed(
        `${USERS_PATH}/${encodeURIComponent(userId)}/${action.kind}`,
        adminUserActionResponseSchema,
        action.kind === "admin" ? { admin_access: action.adminAccess } : undefined,
      ),
    [USERS_PATH, OVERVIEW_KEY],
  );
}
