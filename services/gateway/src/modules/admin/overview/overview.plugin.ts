import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../../deps";
import { tagged } from "../../../plugins/openapi";
import { createOverviewRepository } from "./overview.repository";
import { adminOverviewRoutes } from "./overview.routes";
import { createStatsRepository } from "./stats.repository";
import { adminStatsRoutes } from "./stats.routes";

/** The console's front page and its charts. */
export async function overviewModule(app: FastifyInstance, { db, settings }: GatewayDeps) {
  await app.register(tagged("Organizers", adminOverviewRoutes), {
    overview: createOverviewRepository({ db }),
  });
  await app.register(tagged("Organizers", adminStatsRoutes), {
    stats: createStatsRepository({ db }),
    settings,
  });
}
