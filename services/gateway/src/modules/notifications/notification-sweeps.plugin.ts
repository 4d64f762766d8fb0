import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { startBackgroundSweeps } from "../../lib/background-sweeps";
import { type NotificationSweepDeps, runNotificationSweep } from "./notifications.sweep";

export interface NotificationSweepsOptions extends Omit<NotificationSweepDeps, "logger"> {
  /** Seconds between the end of one sweep and the start of the next; 0: no sweeps. */
  intervalSeconds: number;
}

/** Notices of failed or late submissions and the daily digests, swept in the background. */
export const notificationSweepsPlugin = fp(
  async (app: FastifyInstance, { intervalSeconds, ...deps }: NotificationSweepsOptions) => {
    startBackgroundSweeps(app, {
      name: "notifications",
      intervalSeconds,
      sweep: (logger) => runNotificationSweep({ ...deps, logger }),
    });
  },
  { name: "notification-sweeps" },
);
