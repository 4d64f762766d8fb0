import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../../deps";
import { tagged } from "../../../plugins/openapi";
import { adminRoutes } from "./reveal.routes";

/** The reveal of the final standings and the shake-up export. */
export async function revealModule(app: FastifyInstance, deps: GatewayDeps) {
  await app.register(tagged("Organizers", adminRoutes), {
    reveal: deps.reveal,
    rankings: deps.rankings,
    competition: deps.competition,
    db: deps.db,
  });
}
