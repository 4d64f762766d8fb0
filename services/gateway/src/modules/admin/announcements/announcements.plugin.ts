import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../../deps";
import { startBackgroundSweeps } from "../../../lib/background-sweeps";
import { tagged } from "../../../plugins/openapi";
import { createAnnouncementsRepository } from "./announcements.repository";
import { announcementRoutes } from "./announcements.routes";
import { runAnnouncementSweep } from "./announcements.sweep";

/**
 * The banner and the announcements; in the background, their e-mails in batches, swept from
 * every gateway like the notifications (each batch is claimed in the database).
 */
export async function announcementsModule(app: FastifyInstance, deps: GatewayDeps) {
  const { config, mailer } = deps;
  const announcements = createAnnouncementsRepository({ db: deps.db });
  await app.register(tagged("Organizers", announcementRoutes), {
    announcements,
    banner: deps.banner,
  });
  startBackgroundSweeps(app, {
    name: "announcements",
    intervalSeconds: config.notifications.sweepSeconds,
    sweep: (logger) =>
      runAnnouncementSweep({
        announcements,
        mailer,
        publicUrl: config.publicUrl,
        secret: config.jwtSecret,
        logger,
      }),
  });
}
