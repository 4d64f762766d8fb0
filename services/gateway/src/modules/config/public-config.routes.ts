import { DEFAULT_PAUSE_MESSAGE, type PublicConfig, publicConfigSchema } from "@tandem/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AnnouncementBanner } from "../admin/announcements/announcements.banner";
import type { SettingsService } from "../settings/settings.service";

export interface PublicConfigRoutesOptions {
  /** What the deployment's config fixes. */
  deployment: Pick<PublicConfig, "github_enabled" | "demo_login_enabled" | "jupyterhub_url">;
  settings: Pick<SettingsService, "current">;
  banner: Pick<AnnouncementBanner, "current">;
}

/** Browsers and proxies may keep the answer this long: a pause or a banner shows within it. */
const MAX_AGE_SECONDS = 5;

/** What the SPA may know about this deployment; never a secret. */
export async function publicConfigRoutes(
  app: FastifyInstance,
  { deployment, settings, banner }: PublicConfigRoutesOptions,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/config/public",
    {
      schema: {
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply): Promise<PublicConfig> => {
      const [rules, announcement] = await Promise.all([settings.current(), banner.current()]);
      reply.header("cache-control", `public, max-age=${MAX_AGE_SECONDS}`);
      return {
        ...deployment,
        submissions_paused: rules.submissionsPaused,
        pause_message: rules.submissionsPaused
          ? (rules.pauseMessage ?? DEFAULT_PAUSE_MESSAGE)
          : rules.pauseMessage,
        require_verified_email: rules.requireVerifiedEmail,
        competition: {
          opens_at: rules.window.opensAt.toISOString(),
          closes_at: rules.window.closesAt.toISOString(),
        },
        announcement: announcement
          ? {
              id: announcement.id,
              body: announcement.body,
              created_at: announcement.createdAt.toISOString(),
            }
          : null,
      };
    },
  );
}
