import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { settingsRoutes } from "./settings.routes";

/** `/admin/settings`; registered in the admin scope. */
export async function settingsModule(app: FastifyInstance, deps: GatewayDeps) {
  await app.register(tagged("Organizers", settingsRoutes), {
    settings: deps.settings,
    onRankingsChanged: deps.rankingsChanged,
  });
}
