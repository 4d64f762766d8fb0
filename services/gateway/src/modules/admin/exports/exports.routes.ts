import { Readable } from "node:stream";
import { domains } from "@tandem/competition/server";
import {
  type DomainLeaderboard,
  errorResponseSchema as errorSchema,
  type OverallLeaderboard,
  SUBMISSIONS_EXPORT_COLUMNS,
  standingsCsvSchema,
  submissionsCsvSchema,
  teamsCsvSchema,
} from "@tandem/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { RankingsService } from "../../leaderboard/rankings.service";
import type { AdminSubmissionsRepository } from "../submissions/admin-submissions.repository";
import { csvHeader, standingsCsv, submissionsCsvLines, teamsCsv } from "./exports.csv";
import type { ExportsRepository } from "./exports.repository";

export interface ExportRoutesOptions {
  rankings: Pick<RankingsService, "overall" | "domain">;
  exports: ExportsRepository;
  adminSubmissions: Pick<AdminSubmissionsRepository, "all">;
}

/** The organizers' CSV exports (`/api/admin/exports/...`), each an attachment. */
export async function exportRoutes(app: FastifyInstance, options: ExportRoutesOptions) {
  const { rankings, exports, adminSubmissions } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorSchema, 403: errorSchema };
  const attachment = (reply: FastifyReply, name: string) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("cache-control", "private, no-store");

  r.get(
    "/admin/exports/standings.csv",
    { schema: { produces: ["text/csv"], response: { 200: standingsCsvSchema, ...denied } } },
    async (request, reply) => {
      await exports.recordExport(request.account, "standings.csv");
      // The cached bodies are the standings everyone sees now (public, or final after the reveal).
      const [overall, ...bodies] = await Promise.all([
        rankings.overall(),
        ...domains().map((domain) => rankings.domain(domain.slug)),
      ]);
      const bySlug = Object.fromEntries(
        domains().map((domain, i) => [domain.slug, JSON.parse(bodies[i]!) as DomainLeaderboard]),
      );
      return attachment(reply, "standings.csv").send(
        standingsCsv(JSON.parse(overall) as OverallLeaderboard, bySlug),
      );
    },
  );

  r.get(
    "/admin/exports/teams.csv",
    { schema: { produces: ["text/csv"], response: { 200: teamsCsvSchema, ...denied } } },
    async (request, reply) => {
      await exports.recordExport(request.account, "teams.csv");
      const [members, flags] = await Promise.all([exports.teamMembers(), exports.teamFlags()]);
      return attachment(reply, "teams.csv").send(teamsCsv(members, flags));
    },
  );

  r.get(
    "/admin/exports/submissions.csv",
    { schema: { produces: ["text/csv"], response: { 200: submissionsCsvSchema, ...denied } } },
    async (request, reply) => {
      await exports.recordExport(request.account, "submissions.csv");
      // Streamed a page at a time: 100,000 submissions never sit in memory together.
      async function* lines() {
        yield csvHeader(SUBMISSIONS_EXPORT_COLUMNS);
        for await (const page of adminSubmissions.all()) yield submissionsCsvLines(page);
      }
      return attachment(reply, "submissions.csv").send(Readable.from(lines()));
    },
  );
}
