import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type AnnouncementSweepDeps, runAnnouncementSweep } from "./announcements.sweep";

export interface AnnouncementSweepsOptions extends Omit<AnnouncementSweepDeps, "logger"> {
  /** Seconds between the end of one sweep and the start of the next; 0: no sweeps. */
  intervalSeconds: number;
}

/**
 * Sends announcement e-mails in the background from the moment the app is ready until it
 * closes, as the notification sweeps do: every gateway sweeps (the claims keep each mail
 * single), one sweep at a time, the next timed from the end of the last.
 */
export const announcementSweepsPlugin = fp(
  async (app: FastifyInstance, { intervalSeconds, ...deps }: AnnouncementSweepsOptions) => {
    if (intervalSeconds <= 0) return;
    const logger = app.log.child({ module: "announcements" });
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let closing = false;

    const schedule = () => {
      timer = setTimeout(() => {
        running = runAnnouncementSweep({ ...deps, logger })
          .then(
            () => undefined,
            (err: unknown) => logger.error({ err }, "announcement sweep failed"),
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
  { name: "announcement-sweeps" },
);
