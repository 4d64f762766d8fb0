import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { createStatusRepository } from "./status.repository";
import { statusRoutes } from "./status.routes";

/** The public `/status` of the scoring queue. */
export async function statusModule(app: FastifyInstance, { db }: GatewayDeps) {
  await app.register(tagged("Competition", statusRoutes), {
    counts: createStatusRepository({ db }).counts,
  });
}
