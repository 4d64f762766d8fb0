import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { statusRoutes } from "./status.routes";

/** The public `/status` of the scoring queue. */
export async function statusModule(app: FastifyInstance, { db }: GatewayDeps) {
  await app.register(tagged("Competition", statusRoutes), { db });
}
