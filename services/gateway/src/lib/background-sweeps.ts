import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/**
 * Runs `sweep` in the background from the moment the app is ready until it closes: one sweep at
 * a time, the next timed from the end of the last (a slow mail server cannot pile them up), a
 * failure logged and the next sweep still scheduled, and closing waits for the running one.
 * Every gateway sweeps; what a sweep sends is claimed in the database, so it is sent once.
 * `intervalSeconds` 0 turns it off.
 */
export function startBackgroundSweeps(
  app: FastifyInstance,
  options: {
    name: string;
    intervalSeconds: number;
    sweep: (logger: FastifyBaseLogger) => Promise<unknown>;
  },
): void {
  if (options.intervalSeconds <= 0) return;
  const logger = app.log.child({ module: options.name });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;

  const schedule = () => {
    timer = setTimeout(() => {
      running = options
        .sweep(logger)
        .then(
          () => undefined,
          (err: unknown) => logger.error({ err }, `${options.name} sweep failed`),
        )
        .finally(() => {
          running = undefined;
          if (!closing) schedule();
        });
    }, options.intervalSeconds * 1000);
    // A pending sweep must not keep a stopping process alive.
    timer.unref();
  };

  app.addHook("onReady", async () => schedule());
  app.addHook("onClose", async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
}
