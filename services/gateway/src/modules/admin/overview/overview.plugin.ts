import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../../deps";
import { tagged } from "../../../plugins/openapi";
import { adminOverviewRoutes } from "./overview.routes";
import { adminStatsRoutes } from "./stats.routes";

/** The console's front page and its charts. */
export async function overviewModule(app: FastifyInstance, { db, settings }: GatewayDeps) {
  await app.register(tagged("Organizers", adminOverviewRoutes), { db });
  await app.register(tagged("Organizers", adminStatsRoutes), { db, settings });
}
