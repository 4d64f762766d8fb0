import {
  errorResponseSchema as errorSchema,
  startCompetitionHeadersSchema,
  startCompetitionResponseSchema,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { hashApiKey } from "../../lib/api-keys";
import { forbidden, notFound } from "../../lib/http-error";
import type { AdminTeamsRepository } from "../admin/teams/admin-teams.repository";
import type { TeamsRepository } from "../teams/teams.repository";

export interface CompetitionAdminRoutesOptions {
  /** The console's activation: the change and its audit entry in one transaction. */
  adminTeams: AdminTeamsRepository;
  teams: TeamsRepository;
  /** Who is ranked changed (a team activated): rewrite the cached rankings. */
  onTeamsChanged: () => Promise<unknown>;
}

/** Admin-only competition control; the scope's hook rejects non-admins with 403. */
export async function competitionAdminRoutes(
  app: FastifyInstance,
  { adminTeams, teams, onTeamsChanged }: CompetitionAdminRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/competition/start",
    {
      schema: {
        headers: startCompetitionHeadersSchema,
        response: {
          200: startCompetitionResponseSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const headers = request.headers;
      const team = await teams.findById(headers["x-team-id"]);
      if (!team) throw notFound("team.not_found", "Team not found");
      // When the caller names the key or the team, they must agree with the team ID.
      if (headers["x-api-key"] && hashApiKey(headers["x-api-key"]) !== team.apiKeyHash) {
        throw forbidden("team.key_mismatch", "The API key does not belong to this team.");
      }
      if (headers["x-team-name"] && headers["x-team-name"].toLowerCase() !== team.name) {
        throw forbidden("team.key_mismatch", "The team name does not match this team.");
      }
      const [result] = await adminTeams.activateMany(request.account, [team.id]);
      const wasActive = result?.outcome !== "activated";
      const activated = (await teams.findById(team.id)) ?? team;
      if (!wasActive) await onTeamsChanged();
      return {
        success: true,
        message: wasActive
          ? "Team is already active."
          : "Team activated. The competition timer has started and submissions are enabled.",
        team_id: activated.id,
        team_name: activated.name,
        status: activated.status,
        activated_at: activated.activatedAt?.toISOString() ?? null,
      };
    },
  );
}
