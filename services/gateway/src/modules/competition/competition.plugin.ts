import { loadCurrentBaselines } from "@tandem/db";
import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { createAdminTeamsRepository } from "../admin/teams/admin-teams.repository";
import { createTeamsRepository } from "../teams/teams.repository";
import { competitionRoutes } from "./competition.routes";
import { competitionAdminRoutes } from "./competition-admin.routes";
import { competitionDefinitionAdminRoutes, competitionDefinitionRoutes } from "./definition.routes";

/** The public `/competition/*`: the domains and the active definition. */
export async function competitionModule(app: FastifyInstance, { db, definitions }: GatewayDeps) {
  await app.register(tagged("Competition", competitionRoutes), {
    baselines: () => loadCurrentBaselines(db),
  });
  await app.register(tagged("Competition", competitionDefinitionRoutes), { definitions });
}

/** The organizers' `/competition/start` and definition edits; registered in the admin scope. */
export async function competitionAdminModule(app: FastifyInstance, deps: GatewayDeps) {
  const { db } = deps;
  await app.register(tagged("Competition", competitionAdminRoutes), {
    adminTeams: createAdminTeamsRepository({ db }),
    teams: createTeamsRepository({ db }),
    onTeamsChanged: deps.rankingsChanged,
  });
  await app.register(tagged("Organizers", competitionDefinitionAdminRoutes), {
    definitions: deps.definitions,
  });
}
