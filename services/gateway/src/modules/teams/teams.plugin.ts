import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { createTeamsRepository } from "./teams.repository";
import { teamRoutes } from "./teams.routes";

/** `/teams/*`, for signed-in users. */
export async function teamsModule(app: FastifyInstance, deps: GatewayDeps) {
  const { config, settings, rankings } = deps;
  await app.register(tagged("Teams", teamRoutes), {
    teams: createTeamsRepository({ db: deps.db }),
    encryptionKey: config.apiKeyEncryptionKey,
    totalScoreOf: (teamId: string) => rankings.totalScoreOf(teamId),
    onTeamsChanged: deps.rankingsChanged,
    maxMembers: config.teamMaxMembers,
    // The organizers' switch (issue 31): a verified address before creating or joining a team.
    requireVerifiedEmail: async () => (await settings.current()).requireVerifiedEmail,
  });
}
