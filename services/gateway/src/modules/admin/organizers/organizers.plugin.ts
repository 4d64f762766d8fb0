import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../../deps";
import { tagged } from "../../../plugins/openapi";
import { createAdminsRepository } from "./admins.repository";
import { createAdminInvitationsRepository } from "./invitations.repository";
import { adminInvitationsRoutes } from "./invitations.routes";

/** Organizer invitations and who holds admin rights. */
export async function organizersModule(app: FastifyInstance, { config, db }: GatewayDeps) {
  await app.register(tagged("Organizers", adminInvitationsRoutes), {
    invitations: createAdminInvitationsRepository({ db }),
    admins: createAdminsRepository({ db }),
    organizerCodeEnabled: config.organizerCode !== undefined,
  });
}
