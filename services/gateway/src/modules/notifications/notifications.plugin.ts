import type { FastifyInstance } from "fastify";
import type { GatewayDeps } from "../../deps";
import { startBackgroundSweeps } from "../../lib/background-sweeps";
import { tagged } from "../../plugins/openapi";
import { createAnnouncementsRepository } from "../admin/announcements/announcements.repository";
import { createActivationNoticesRepository } from "./activation-notices.repository";
import { runActivationNoticeSweep } from "./activation-notices.sweep";
import { createNotificationsRepository } from "./notifications.repository";
import { notificationRoutes } from "./notifications.routes";
import { runNotificationSweep } from "./notifications.sweep";
import { unsubscribeRoutes } from "./unsubscribe.routes";

/**
 * A user's e-mail preferences and the announcements' unsubscribe link; in the background, every
 * `NOTIFY_SWEEP_SECONDS`, the mails about failed or late submissions, the daily digests and the
 * activation decisions (issue 33), swept from every gateway (each mail is claimed in the database).
 */
export async function notificationsModule(app: FastifyInstance, deps: GatewayDeps) {
  const { config, db, mailer } = deps;
  const notifications = createNotificationsRepository({ db });
  await app.register(tagged("Accounts", notificationRoutes), { notifications });
  await app.register(tagged("Accounts", unsubscribeRoutes), {
    announcements: createAnnouncementsRepository({ db }),
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
  });

  const intervalSeconds = config.notifications.sweepSeconds;
  startBackgroundSweeps(app, {
    name: "notifications",
    intervalSeconds,
    sweep: (logger) =>
      runNotificationSweep({
        notifications,
        mailer,
        isRevealed: () => deps.reveal.isRevealed(),
        publicUrl: config.publicUrl,
        settings: config.notifications,
        logger,
      }),
  });
  const notices = createActivationNoticesRepository({ db });
  startBackgroundSweeps(app, {
    name: "activation-notices",
    intervalSeconds,
    sweep: (logger) =>
      runActivationNoticeSweep({ notices, mailer, publicUrl: config.publicUrl, logger }),
  });
}
