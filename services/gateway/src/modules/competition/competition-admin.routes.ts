import { errorResponseSchema as errorSchema } from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { hashApiKey } from "../../lib/api-keys";
import { forbidden, notFound } from "../../lib/http-error";
import type { TeamsRepository } from "../teams/teams.repository";

export interface CompetitionAdminRoutesOptions {
  teams: TeamsRepository;
  /** Who is ranked changed (a team activated): rewrite the cached rankings. */
  onTeamsChanged: () => Promise<unknown>;
}

const startHeaders = z.object({
  "x-team-id": z.string().trim().uuid("X-Team-ID must be a team ID"),
  "x-api-key": z.string().trim().optional(),
  "x-team-name": z.string().trim().optional(),
});

/** Admin-only competition control; the scope's hook rejects non-admins with 403. */
export async function competitionAdminRoutes(
  app: FastifyInstance,
  { teams, onTeamsChanged }: CompetitionAdminRoutesOptions,
) {
  app.addHook("onRequest", app.requireAdmin);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/competition/start",
    {
      schema: {
        headers: startHeaders,
        response: {
          200: z.object({
            success: z.boolean(),
            message: z.string(),
            team_id: z.string(),
            team_name: z.string(),
            status: z.enum(["inactive", "active"]),
            activated_at: z.string().nullable(),
          }),
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
      const wasActive = team.status === "active";
      const activated = (await teams.activate(team.id))!;
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
