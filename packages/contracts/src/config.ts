import { z } from "zod";
import { publicAnnouncementSchema } from "./admin-settings";

/** `GET /api/config/public`: what the SPA may know about this deployment; never a secret. */
export const publicConfigSchema = z.object({
  github_enabled: z.boolean(),
  demo_login_enabled: z.boolean(),
  jupyterhub_url: z.string().nullable(),
  submissions_paused: z.boolean().describe("Whether the organizers have paused submissions"),
  pause_message: z
    .string()
    .nullable()
    .describe("What to tell participants while paused (the default sentence when none was set)"),
  require_verified_email: z
    .boolean()
    .describe("Whether creating or joining a team needs a verified e-mail address"),
  competition: z
    .object({ opens_at: z.iso.datetime(), closes_at: z.iso.datetime() })
    .describe("The window in which submissions count, as in force now"),
  announcement: publicAnnouncementSchema
    .nullable()
    .describe("The organizers' newest active announcement (the banner), if any"),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
