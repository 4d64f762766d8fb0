import {
  adminCompetitionSchema,
  competitionUpdateResponseSchema,
  competitionUpdateSchema,
  competitionVersionsSchema,
  publicCompetitionSchema,
} from "@tandem/competition";
import { errorResponseSchema as errorSchema } from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { DefinitionService } from "./definition.service";

/** `GET /api/competition`: the active definition every page follows, and where the clock stands. */
export async function competitionDefinitionRoutes(
  app: FastifyInstance,
  { definitions }: { definitions: DefinitionService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/competition",
    { schema: { response: { 200: publicCompetitionSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return definitions.publicView();
    },
  );
}

/** The organizers' view and edits of the definition (`/api/admin/competition`). */
export async function competitionDefinitionAdminRoutes(
  app: FastifyInstance,
  { definitions }: { definitions: DefinitionService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorSchema, 403: errorSchema };

  r.get(
    "/admin/competition",
    { schema: { response: { 200: adminCompetitionSchema, ...denied } } },
    async () => definitions.adminView(),
  );

  r.put(
    "/admin/competition",
    {
      // A whole definition with every page's text: larger than the default small-body limit.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        body: competitionUpdateSchema,
        response: {
          200: competitionUpdateResponseSchema,
          400: errorSchema,
          409: errorSchema,
          ...denied,
        },
      },
    },
    async (request) => {
      const outcome = await definitions.edit(request.account, request.body);
      if (outcome.saved) {
        request.log.info(
          { version: outcome.version, changes: outcome.changes.length, rescored: outcome.rescored },
          "competition definition changed",
        );
      }
      return outcome;
    },
  );

  r.get(
    "/admin/competition/versions",
    { schema: { response: { 200: competitionVersionsSchema, ...denied } } },
    async () => definitions.versionList(),
  );
}
