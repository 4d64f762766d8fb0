import {
  type ADMIN_TEAM_STANDINGS,
  type AdminTeamSort,
  adminActivateTeamsResponseSchema,
  adminRemoveMemberResponseSchema,
  adminRotateKeyResponseSchema,
  adminTeamActionResponseSchema,
  adminTeamDetailSchema,
  adminTeamsPageSchema,
} from "@tandem/contracts";
import useSWR from "swr";
import { api, apiRequest, parseResponse } from "../../client";
import { withQuery } from "../../lib/query";
import { useAdminWrite } from "../../lib/write";
import { OVERVIEW_KEY } from "../overview/hooks";

export const TEAMS_PATH = "/admin/teams";

export interface AdminTeamsFilter {
  query: string;
  status: (typeof ADMIN_TEAM_STANDINGS)[number] | "";
  /** Only teams with flags (likely duplicate participants, identical predictions). */
  flagged: boolean;
  sort: AdminTeamSort;
  order: "asc" | "desc";
}

export function adminTeamsKey(filter: AdminTeamsFilter, limit: number, cursor?: string): string {
  return withQuery(TEAMS_PATH, {
    query: filter.query.trim(),
    status: filter.status,
    flagged: filter.flagged ? "true" : undefined,
    sort: filter.sort,
    order: filter.order,
    limit,
    cursor,
  });
}

export function useAdminTeams(key: string) {
  return useSWR(key, (path: string) => api.getParsed(path, adminTeamsPageSchema), {
    keepPreviousData: true,
  });
}

export const adminTeamKey = (teamId: string) => `${TEAMS_PATH}/${encodeURIComponent(teamId)}`;

export function useAdminTeam(teamId: string) {
  return useSWR(adminTeamKey(teamId), (path: string) => api.getParsed(path, adminTeamDetailSchema));
}

// Who is ranked and the overview's counts change with every team action.
const AFTER_TEAM_CHANGE = [TEAMS_PATH, OVERVIEW_KEY, "/admin/users"];

export function useActivateTeams() {
  return useAdminWrite(
    "/admin/teams/activate",
    (teamIds: readonly string[]) =>
      api.postParsed("/admin/teams/activate", adminActivateTeamsResponseSchema, {
        team_ids: teamIds,
      }),
    AFTER_TEAM_CHANGE,
  );
}

export type TeamAction =
  | { kind: "deactivate" }
  | { kind: "reinstate" }
  | { kind: "disqualify"; reason: string }
  | { kind: "daily_limit"; dailyLimit: number | null };

export function useTeamAction(teamId: string) {
  return useAdminWrite(
    `${adminTeamKey(teamId)}#action`,
    async (action: TeamAction) => {
      const base = adminTeamKey(teamId);
      const body =
        action.kind === "daily_limit"
          ? await apiRequest<unknown>(base, {
              method: "PATCH",
              body: { daily_limit: action.dailyLimit },
            })
          : await api.post<unknown>(
              `${base}/${action.kind}`,
              action.kind === "disqualify" ? { reason: action.reason } : undefined,
            );
      return parseResponse(adminTeamActionResponseSchema, body, base);
    },
    AFTER_TEAM_CHANGE,
  );
}

/** Issue 33: declines a team's activation request; the reason (optional) is shown to the team. */
export function useDeclineActivation() {
  return useAdminWrite(
    "/admin/teams#decline-activation",
    ({ teamId, reason }: { teamId: string; reason: string }) =>
      api.postParsed(
        `${adminTeamKey(teamId)}/decline-activation`,
        adminTeamActionResponseSchema,
        reason ? { reason } : {},
      ),
    AFTER_TEAM_CHANGE,
  );
}

export function useRemoveTeamMember(teamId: string) {
  return useAdminWrite(
    `${adminTeamKey(teamId)}#remove-member`,
    (userId: string) =>
      api.sendParsed(
        `${adminTeamKey(teamId)}/members/${encodeURIComponent(userId)}`,
        adminRemoveMemberResponseSchema,
        { method: "DELETE" },
      ),
    AFTER_TEAM_CHANGE,
  );
}

export function useRotateTeamKey(teamId: string) {
  return useAdminWrite(
    `${adminTeamKey(teamId)}#rotate-key`,
    () => api.postParsed(`${adminTeamKey(teamId)}/rotate-key`, adminRotateKeyResponseSchema),
    [],
  );
}
