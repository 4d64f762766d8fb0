import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { startBackgroundSweeps } from "../../../lib/background-sweeps";
import { type AnnouncementSweepDeps, runAnnouncementSweep } from "./announcements.sweep";

export interface AnnouncementSweepsOptions extends Omit<AnnouncementSweepDeps, "logger"> {
  /** Seconds between the end of one sweep and the start of the next; 0: no sweeps. */
  intervalSeconds: number;
}

/** Announcement e-mails, in batches, swept in the background like the notifications. */
export const announcementSweepsPlugin = fp(
  async (app: FastifyInstance, { intervalSeconds, ...deps }: AnnouncementSweepsOptions) => {
    startBackgroundSweeps(app, {
      name: "announcements",
      intervalSeconds,
      sweep: (logger) => runAnnouncementSweep({ ...deps, logger }),
    });
  },
  { name: "announcement-sweeps" },
);
