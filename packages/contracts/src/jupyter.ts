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
