import { z } from "zod";

/** `GET /api/jupyter/launch`: a path on the hub to return to; the hub checks it again. */
export const jupyterLaunchQuerySchema = z.object({
  next: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/)
    .optional()
    .catch(undefined),
});

/** `POST /api/jupyter/generate-token`: a short-lived hub sign-in; never cache or log it. */
export const jupyterTokenResponseSchema = z.object({
  token: z.string(),
  jupyterhub_url: z.string(),
  expires_at: z.string(),
});
export type JupyterTokenResponse = z.infer<typeof jupyterTokenResponseSchema>;

/** The gateway's setting that turns the hub on (with `JUPYTER_SIGNING_KEY`, docs/operations.md). */
export const JUPYTERHUB_SETTING = "JUPYTERHUB_URL";

/** Why a Launch JupyterHub button is disabled (issue 33); the SPEC gives no words for these. */
export const JUPYTER_MESSAGES = {
  notConfigured: `JupyterHub is not configured on this deployment. To turn it on, set ${JUPYTERHUB_SETTING} (with JUPYTER_SIGNING_KEY) in the gateway's environment.`,
  organizersOnly: "JupyterHub is for organizers only.",
} as const;
