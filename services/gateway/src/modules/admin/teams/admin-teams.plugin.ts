import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../../deps";
import { tagged } from "../../../plugins/openapi";
import { createTeamFlagsReader } from "./admin-teams.flags";
import { createAdminTeamsRepository } from "./admin-teams.repository";
import { adminTeamsRoutes } from "./admin-teams.routes";

/** The console's teams: list, detail, activation, disqualification, members, key, limit. */
export async function adminTeamsModule(app: FastifyInstance, deps: GatewayDeps) {
  await app.register(tagged("Organizers", adminTeamsRoutes), {
    teams: createAdminTeamsRepository({ db: deps.db }),
    flags: createTeamFlagsReader({ db: deps.db }),
    encryptionKey: deps.config.apiKeyEncryptionKey,
    onTeamsChanged: deps.rankingsChanged,
  });
}
