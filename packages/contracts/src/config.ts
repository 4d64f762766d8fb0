import { z } from "zod";

/** `GET /api/config/public`: what the SPA may know about this deployment; never a secret. */
export const publicConfigSchema = z.object({
  github_enabled: z.boolean(),
  demo_login_enabled: z.boolean(),
  jupyterhub_url: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
