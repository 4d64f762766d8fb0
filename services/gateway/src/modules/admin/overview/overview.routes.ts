import {
  adminOverviewSchema,
  errorResponseSchema as errorSchema,
  OVERVIEW_WAITING_MAX,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { OverviewRepository } from "./overview.repository";

/** `GET /admin/overview`: the competition at a glance, with links to each list. */
export async function adminOverviewRoutes(
  app: FastifyInstance,
  { overview }: { overview: OverviewRepository },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/admin/overview",
    {
      schema: { response: { 200: adminOverviewSchema, 401: errorSchema, 403: errorSchema } },
    },
    async () => {
      const [counts, waiting] = await Promise.all([
        overview.counts(),
        overview.waitingTeams(OVERVIEW_WAITING_MAX),
      ]);
      return {
        // First on the page: the teams that asked to be activated and wait for an answer.
        activation_requests: {
          total: waiting.total,
          teams: waiting.teams.map((team) => ({
            team_id: team.id,
            team_name: team.name,
            members: team.members,
            requested_at: team.requestedAt.toISOString(),
            message: team.message,
          })),
        },
        users: { total: counts.users },
        teams: counts.teams,
        submissions: counts.submissions,
        queue: {
          depth: counts.queue.depth,
          oldest_unscored_age_seconds: counts.queue.oldestUnscoredAgeSeconds,
          failures_last_hour: counts.queue.failuresLastHour,
        },
        links: {
          teams: "/api/admin/teams",
          users: "/api/admin/users",
          submissions: "/api/admin/submissions",
          audit: "/api/admin/audit",
        },
      };
    },
  );
}
