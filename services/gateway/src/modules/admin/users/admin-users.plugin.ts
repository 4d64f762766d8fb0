import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../../deps";
import { tagged } from "../../../plugins/openapi";
import { createAdminUsersRepository } from "./admin-users.repository";
import { adminUsersRoutes } from "./admin-users.routes";

/** The console's accounts: list, admin access, disable. */
export async function adminUsersModule(app: FastifyInstance, { db }: GatewayDeps) {
  await app.register(tagged("Organizers", adminUsersRoutes), {
    users: createAdminUsersRepository({ db }),
  });
}
