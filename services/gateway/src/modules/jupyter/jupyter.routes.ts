import {
  errorResponseSchema as errorSchema,
  JUPYTER_MESSAGES,
  jupyterLaunchQuerySchema,
  jupyterTokenResponseSchema,
  TEAM_MESSAGES,
} from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { forbidden, HttpError, unauthorized } from "../../lib/http-error";
import { assertAccountEnabled } from "../auth/account-status";
import type { UsersRepository } from "../auth/users.repository";
import type { TeamsRepository } from "../teams/teams.repository";
import type { HubTokenSigner } from "./hub-token";

export interface JupyterRoutesOptions {
  users: UsersRepository;
  teams: TeamsRepository;
  /** Absent when this deployment has no hub: the calls answer 503. */
  hub: { url: string; signer: HubTokenSigner } | undefined;
}

/** Where the hub's own login handler reads the token (deploy/jupyterhub/tandem_auth.py). */
export function hubLoginUrl(hubUrl: string, token: string, next?: string): string {
  const url = `${hubUrl.replace(/\/+$/, "")}/hub/login?token=${encodeURIComponent(token)}`;
  return next ? `${url}&next=${encodeURIComponent(next)}` : url;
}

/**
 * `POST /jupyter/generate-token` (docs/product.md#jupyterhub), its public key for the hub, and the
 * browser launch the hub falls back on. Answers carry a sign-in credential: never cached, never
 * logged.
 */
export async function jupyterRoutes(
  app: FastifyInstance,
  { users, teams, hub }: JupyterRoutesOptions,
) {
  const requireHub = () => {
    if (!hub) throw new HttpError(503, "jupyter.not_configured", JUPYTER_MESSAGES.notConfigured);
    return hub;
  };

  // Public: the hub fetches it at start. Only the public half ever leaves the gateway.
  app.get(
    "/jupyter/public-key",
    { schema: { response: { 503: errorSchema } } },
    async (_request, reply) => {
      const { signer } = requireHub();
      return reply
        .type("application/x-pem-file")
        .header("cache-control", "public, max-age=300")
        .header("x-key-id", signer.keyId)
        .send(signer.publicKeyPem);
    },
  );

  // Re-read the account: the session's claims may predate a change of role or status.
  async function mint(userId: string, next?: string) {
    const user = await users.findById(userId);
    if (!user) throw unauthorized("auth.required", "Authentication required. Please log in.");
    // Disabling ends the sessions, so `authenticate` refuses first; this holds should one remain.
    assertAccountEnabled(user);
    if (!user.adminAccess)
      throw forbidden("jupyter.admin_required", TEAM_MESSAGES.jupyterAdminRequired);
    if (user.status !== "active")
      throw forbidden("jupyter.account_inactive", TEAM_MESSAGES.jupyterInactive);
    // No team needed (issue 33): organizers open the hub from the console. The claims name the
    // team when there is one; the hub itself never reads them.
    const teamId = await teams.teamIdOfUser(user.id);
    const team = teamId ? await teams.findById(teamId) : undefined;
    const { url, signer } = requireHub();
    const { token, expiresAt } = signer.sign({
      userId: user.id,
      username: user.username,
      email: user.email,
      teamId: team?.id ?? null,
      teamName: team?.name ?? null,
    });
    return { token, url: hubLoginUrl(url, token, next), expiresAt };
  }

  const r = app.withTypeProvider<ZodTypeProvider>();

  // Where the hub sends a browser that has no hub session (the public config's `jupyterhub_url`
  // is the hub itself): the Tandem session cookie mints a fresh token, so no link holds one.
  r.get(
    "/jupyter/launch",
    {
      schema: {
        querystring: jupyterLaunchQuerySchema,
        response: { 403: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.authenticate(request);
      } catch {
        // A person, not a script: signing in comes first, then the dashboard's Launch button.
        return reply.redirect("/login", 303);
      }
      const launch = await mint(request.user.userId, request.query.next);
      return reply
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .redirect(launch.url, 303);
    },
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", signedIn.authenticate);

    signedIn.withTypeProvider<ZodTypeProvider>().post(
      "/jupyter/generate-token",
      {
        schema: {
          response: {
            200: jupyterTokenResponseSchema,
            401: errorSchema,
            403: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const launch = await mint(request.user.userId);
        reply.header("cache-control", "no-store");
        return {
          token: launch.token,
          jupyterhub_url: launch.url,
          expires_at: launch.expiresAt.toISOString(),
        };
      },
    );
  });
}
