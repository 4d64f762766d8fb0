import { errorResponseSchema as errorSchema, submissionsPerHourSchema } from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { SettingsService } from "../../settings/settings.service";
import type { StatsRepository } from "./stats.repository";

const HOUR_MS = 3_600_000;

/** `GET /admin/stats/*`: figures behind the console's charts (issue 33), organizers only. */
export async function adminStatsRoutes(
  app: FastifyInstance,
  { stats, settings }: { stats: StatsRepository; settings: Pick<SettingsService, "current"> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/admin/stats/submissions-per-hour",
    {
      schema: {
        response: { 200: submissionsPerHourSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => {
      const { window } = await settings.current();
      const hours = await stats.submissionsPerHour(window.opensAt);
      const first = hours[0]!.hour;
      const last = hours.at(-1)!.hour;
      return {
        from: first.toISOString(),
        to: new Date(last.getTime() + HOUR_MS).toISOString(),
        total: hours.reduce((sum, hour) => sum + hour.submissions, 0),
        hours: hours.map((hour) => ({
          hour: hour.hour.toISOString(),
          submissions: hour.submissions,
        })),
      };
    },
  );
}
