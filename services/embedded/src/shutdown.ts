import closeWithGrace from "close-with-grace";
import type { Logger } from "pino";

/** A repeat of the stopping signal within this long is the same request, not a second one. */
export const REPEAT_WINDOW_MS = 1_000;

/**
 * Runs `close` once when the process is asked to stop (SIGINT, SIGTERM) or crashes, then exits;
 * exits at once if it takes longer than `delayMs`.
 *
 * Ctrl-C on `npm start` reaches this process more than once: the terminal signals the whole
 * process group, and npm forwards the signal to its script as well. close-with-grace takes any
 * second signal as "force quit" and skips the graceful close, so the signals are handled here:
 * repeats within REPEAT_WINDOW_MS are ignored, a later one (Ctrl-C pressed again) forces the exit.
 */
export function closeOnSignals(
  logger: Logger,
  close: (why: { signal?: string; err?: unknown }) => Promise<void>,
  { delayMs = 10_000 }: { delayMs?: number } = {},
): void {
  const signals = ["SIGINT", "SIGTERM"] as const;
  let why: { signal?: string; err?: unknown } = {};
  const closer = closeWithGrace({ delay: delayMs, skip: [...signals] }, async ({ err }) =>
    close(err ? { err } : why),
  );
  let firstAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt === undefined) {
      firstAt = Date.now();
      why = { signal };
      void closer.close();
    } else if (Date.now() - firstAt >= REPEAT_WINDOW_MS) {
      logger.warn({ signal }, "asked again to stop: exiting without waiting");
      process.exit(1);
    }
  };
  for (const signal of signals) process.on(signal, onSignal);
}
