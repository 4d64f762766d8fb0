import {
  adminHoldersResponseSchema,
  adminInvitationsResponseSchema,
  type CreateAdminInvitationRequest,
  createdAdminInvitationSchema,
  revokedAdminInvitationSchema,
} from "@tandem/contracts";
import useSWR from "swr";
import { api } from "../../client";
import { useAdminWrite } from "../../lib/write";

export const INVITATIONS_PATH = "/admin/invitations";
export const ADMINS_PATH = "/admin/admins";

export function useInvitations() {
  return useSWR(INVITATIONS_PATH, (path: string) =>
    api.getParsed(path, adminInvitationsResponseSchema),
  );
}

export function useAdmins() {
  return useSWR(ADMINS_PATH, (path: string) => api.getParsed(path, adminHoldersResponseSchema));
}

/** Makes an invitation; its answer holds the code, which is shown once and never cached. */
export function useCreateInvitation() {
  return useAdminWrite(
    `${INVITATIONS_PATH}#create`,
    (input: CreateAdminInvitationRequest) =>
      api.postParsed(INVITATIONS_PATH, createdAdminInvitationSchema, input),
    [INVITATIONS_PATH],
  );
}

export function useRevokeInvitation() {
  return useAdminWrite(
    `${INVITATIONS_PATH}#revoke`,
    (id: string) =>
      api.postParsed(
        `${INVITATIONS_PATH}/${encodeURIComponent(id)}/revoke`,
        revokedAdminInvitationSchema,
      ),
    [INVITATIONS_PATH],
  );
}
