import { MESSAGES } from "@tandem/contracts";
import type { Team } from "@tandem/db";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hashApiKey } from "../lib/api-keys";
import { unauthorized } from "../lib/http-error";
import type { TeamsRepository } from "../modules/teams/teams.repository";

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook for SDK routes: `X-API-Key` (and `X-Team-Name`, when sent) name a team. */
    authenticateTeam(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    team: Team;
  }
}

export const teamAuthPlugin = fp(
  async (app: FastifyInstance, { teams }: { teams: TeamsRepository }) => {
    app.decorateRequest("team", null as unknown as Team);
    app.decorate("authenticateTeam", async (request: FastifyRequest) => {
      const apiKey = request.headers["x-api-key"];
      if (typeof apiKey !== "string" || apiKey.length === 0 || apiKey.length > 200) {
        throw unauthorized("auth.api_key_invalid", MESSAGES.sdkAuthFailed);
      }
      // Live teams only: a dissolved team's key must stop working with its last member.
      const team = await teams.findByApiKeyHash(hashApiKey(apiKey.trim()));
      const teamName = request.headers["x-team-name"];
      if (!team || (typeof teamName === "string" && teamName.trim().toLowerCase() !== team.name)) {
        throw unauthorized("auth.api_key_invalid", MESSAGES.sdkAuthFailed);
      }
      request.team = team;
    });
  },
  { name: "team-auth", dependencies: [] },
);
