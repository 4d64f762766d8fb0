import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type NotificationSweepDeps, runNotificationSweep } from "./notification-sweep";

export interface NotificationSweepsOptions extends Omit<NotificationSweepDeps, "logger"> {
  /** Seconds between the end of one sweep and the start of the next; 0: no sweeps. */
  intervalSeconds: number;
}

/**
 * Sweeps for notices and digests in the background from the moment the app is ready until it
 * closes. Every gateway sweeps (the claims keep each mail single); one sweep at a time here, the
 * next timed from the end of the last, so a slow mail server cannot pile them up.
 */
export const notificationSweepsPlugin = fp(
  async (app: FastifyInstance, { intervalSeconds, ...deps }: NotificationSweepsOptions) => {
    if (intervalSeconds <= 0) return;
    const logger = app.log.child({ module: "notifications" });
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let closing = false;

    const schedule = () => {
      timer = setTimeout(() => {
        running = runNotificationSweep({ ...deps, logger })
          .then(
            () => undefined,
            (err: unknown) => logger.error({ err }, "notification sweep failed"),
          )
          .finally(() => {
            running = undefined;
            if (!closing) schedule();
          });
      }, intervalSeconds * 1000);
      // A pending sweep must not keep a stopping process alive.
      timer.unref();
    };

    app.addHook("onReady", async () => schedule());
    app.addHook("onClose", async () => {
      closing = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: "notification-sweeps" },
);
