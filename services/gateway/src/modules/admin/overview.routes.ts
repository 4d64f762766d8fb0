import { adminOverviewSchema, errorResponseSchema as errorSchema } from "@tandem/contracts";
import type { Database } from "@tandem/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createOverviewRepository } from "./overview.repository";

/** `GET /admin/overview`: the competition at a glance, with links to each list. */
export async function adminOverviewRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.addHook("onRequest", app.requireAdmin);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const overview = createOverviewRepository({ db });

  r.get(
    "/admin/overview",
    {
      schema: { response: { 200: adminOverviewSchema, 401: errorSchema, 403: errorSchema } },
    },
    async () => {
      const counts = await overview.counts();
      return {
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
