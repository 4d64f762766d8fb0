import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { publicConfigRoutes } from "./public-config.routes";

/** `/config/public`: what the web app may know about this deployment. */
export async function configModule(
  app: FastifyInstance,
  { config, settings, banner }: GatewayDeps,
) {
  await app.register(tagged("Competition", publicConfigRoutes), {
    deployment: {
      github_enabled: Boolean(config.github),
      demo_login_enabled: config.demoLogin,
      jupyterhub_url: config.jupyterhubUrl ?? null,
    },
    settings,
    banner,
  });
}
