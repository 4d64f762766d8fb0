import { MESSAGES } from "@tandem/contracts";
import type { Team } from "@tandem/db";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hashApiKey } from "../lib/api-keys";
import { forbidden, notFound, unauthorized } from "../lib/http-error";
import type { TeamsRepository } from "../modules/teams/teams.repository";
import { SESSION_COOKIE } from "./auth";

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook for SDK routes: `X-API-Key` (and `X-Team-Name`, when sent) name a team. */
    authenticateTeam(request: FastifyRequest): Promise<void>;
    /**
     * onRequest hook for routes both the SDK and the site call: a member's session names the
     * member's own team (and `request.account`); without a session, the team API key does.
     */
    authenticateTeamOrMember(request: FastifyRequest): Promise<void>;
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
      // The key acts for the team's people: once the organizers have disabled every one of them,
      // it acts for no one (enabled again, it works again).
      if (!(await teams.hasActiveMember(team.id))) {
        throw forbidden("auth.account_disabled", MESSAGES.accountDisabled);
      }
      request.team = team;
    });

    // A session wins over a key: the site sends both (it keeps the key in the browser,
    // docs/product.md#site-calls), and what a member does there is the member's, recorded as
    // theirs; the SDK sends no session.
    app.decorate("authenticateTeamOrMember", async (request: FastifyRequest) => {
      const hasSession =
        /^Bearer\s/i.test(request.headers.authorization ?? "") ||
        Boolean(request.cookies[SESSION_COOKIE]);
      if (!hasSession) return app.authenticateTeam(request);
      await app.authenticate(request);
      const teamId = await teams.teamIdOfUser(request.account.id);
      const team = teamId ? await teams.findById(teamId) : undefined;
      if (!team) throw notFound("team.not_member", "You are not in a team.");
      request.team = team;
    });
  },
  { name: "team-auth", dependencies: ["auth"] },
);
