import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { startBackgroundSweeps } from "../../lib/background-sweeps";
import {
  type ActivationNoticeSweepDeps,
  runActivationNoticeSweep,
} from "./activation-notices.sweep";

export interface ActivationNoticeSweepsOptions extends Omit<ActivationNoticeSweepDeps, "logger"> {
  /** Seconds between the end of one sweep and the start of the next; 0: no sweeps. */
  intervalSeconds: number;
}

/** Activation e-mails, swept in the background like the other notifications. */
export const activationNoticeSweepsPlugin = fp(
  async (app: FastifyInstance, { intervalSeconds, ...deps }: ActivationNoticeSweepsOptions) => {
    startBackgroundSweeps(app, {
      name: "activation-notices",
      intervalSeconds,
      sweep: (logger: FastifyBaseLogger) => runActivationNoticeSweep({ ...deps, logger }),
    });
  },
  { name: "activation-notice-sweeps" },
);
