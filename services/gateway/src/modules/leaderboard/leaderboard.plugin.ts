import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { createTeamsRepository } from "../teams/teams.repository";
import { leaderboardRoutes } from "./leaderboard.routes";

/** `/leaderboard/*`: the standings from the rankings cache. */
export async function leaderboardModule(app: FastifyInstance, { db, rankings }: GatewayDeps) {
  await app.register(tagged("Leaderboards", leaderboardRoutes), {
    rankings,
    db,
    teams: createTeamsRepository({ db }),
  });
}
