import {
  type AdminInvitation,
  adminHoldersResponseSchema,
  adminInvitationParamsSchema,
  adminInvitationsResponseSchema,
  createAdminInvitationRequestSchema,
  createdAdminInvitationSchema,
  errorResponseSchema as errorSchema,
  revokedAdminInvitationSchema,
} from "@tandem/contracts";
import type { AdminInvitationRow } from "@tandem/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { notFound } from "../../../lib/http-error";
import type { AdminsRepository } from "./admins.repository";
import { type AdminInvitationsRepository, invitationState } from "./invitations.repository";

export interface AdminInvitationsRoutesOptions {
  invitations: AdminInvitationsRepository;
  admins: AdminsRepository;
  /** Whether the shared ORGANIZER_CODE also makes admins (shown beside the invitations). */
  organizerCodeEnabled: boolean;
}

/**
 * Organizers' personal single-use invitations and the list of admins (ADR 0017). The code is
 * in the answer that makes an invitation and nowhere else.
 */
export async function adminInvitationsRoutes(
  app: FastifyInstance,
  { invitations, admins, organizerCodeEnabled }: AdminInvitationsRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorSchema, 403: errorSchema };

  r.get(
    "/admin/invitations",
    { schema: { response: { 200: adminInvitationsResponseSchema, ...denied } } },
    async () => ({
      invitations: (await invitations.list()).map((row) => toView(row)),
      organizer_code_enabled: organizerCodeEnabled,
    }),
  );

  r.post(
    "/admin/invitations",
    {
      schema: {
        body: createAdminInvitationRequestSchema,
        response: { 201: createdAdminInvitationSchema, 400: errorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const { label, expires_in_days } = request.body;
      const { invitation, code } = await invitations.create(request.account, {
        label,
        days: expires_in_days,
      });
      return reply
        .status(201)
        .header("cache-control", "no-store")
        .send({ invitation: toView(invitation), code });
    },
  );

  r.post(
    "/admin/invitations/:id/revoke",
    {
      schema: {
        params: adminInvitationParamsSchema,
        response: {
          200: revokedAdminInvitationSchema,
          400: errorSchema,
          404: errorSchema,
          ...denied,
        },
      },
    },
    async (request) => {
      const outcome = await invitations.revoke(request.account, request.params.id);
      if (!outcome)
        throw notFound("admin.invitation_not_found", "No organizer invitation has this id.");
      return { changed: outcome.changed, invitation: toView(outcome.invitation) };
    },
  );

  r.get(
    "/admin/admins",
    { schema: { response: { 200: adminHoldersResponseSchema, ...denied } } },
    async () => ({ admins: await admins.holders() }),
  );
}

function toView(row: AdminInvitationRow): AdminInvitation {
  return {
    id: row.id,
    label: row.label,
    state: invitationState(row),
    created_by_email: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    used_by_email: row.usedByEmail,
    used_at: row.usedAt?.toISOString() ?? null,
    revoked_by_email: row.revokedByEmail,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
