import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { healthRoutes } from "./health.routes";

/** `/`, `/health` and `/ready`. */
export async function healthModule(app: FastifyInstance, deps: GatewayDeps) {
  await app.register(tagged("Health", healthRoutes), { checks: deps.readyChecks });
}
