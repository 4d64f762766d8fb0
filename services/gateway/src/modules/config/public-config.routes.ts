import { type PublicConfig, publicConfigSchema } from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** What the SPA may know about this deployment; never a secret. */
export async function publicConfigRoutes(app: FastifyInstance, config: PublicConfig) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/config/public",
    {
      schema: {
        response: { 200: publicConfigSchema },
      },
    },
    async () => config,
  );
}
