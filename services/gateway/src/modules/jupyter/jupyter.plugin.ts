import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { tagged } from "../../plugins/openapi";
import { createUsersRepository } from "../auth/users.repository";
import { createTeamsRepository } from "../teams/teams.repository";
import { createHubTokenSigner } from "./hub-token";
import { jupyterRoutes } from "./jupyter.routes";

/** `/jupyter/*`: sign-in tokens for the JupyterHub, when the deployment has one. */
export async function jupyterModule(app: FastifyInstance, { config, db }: GatewayDeps) {
  const hub =
    config.jupyterhubUrl && config.jupyterSigningKey
      ? { url: config.jupyterhubUrl, signer: createHubTokenSigner(config.jupyterSigningKey) }
      : undefined;
  await app.register(tagged("JupyterHub", jupyterRoutes), {
    users: createUsersRepository({ db }),
    teams: createTeamsRepository({ db }),
    hub,
  });
}
