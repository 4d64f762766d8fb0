/**
 * Keeps a set of child processes running, as compose's `restart:` and a Kubernetes Deployment
 * do: a child that exits without having been asked to is started again after an exponential
 * backoff, while the others keep running. `stop` ends them all and gives their exit code.
 * Time and process creation are injected, so the policy is tested without real waits.
 */

/** What the supervisor needs of a child; a node `ChildProcess` fits. */
export interface SupervisedProcess {
  readonly pid?: number | undefined;
  kill(signal: NodeJS.Signals): boolean;
  once(
    event: "exit",
    listener: (code: number | null, signal: NodeJS.Signals | null) => void,
  ): unknown;
}

export interface BackoffPolicy {
  /** Delay before the first restart. */
  initialMs: number;
  /** Longest delay; doubling stops here. */
  maxMs: number;
  /** A child that ran at least this long before exiting restarts after `initialMs` again. */
  stableMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 1000, maxMs: 30_000, stableMs: 60_000 };

/** Delay before a restart that follows `failures` quick exits in a row (0 for the first). */
export function restartDelay(failures: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  return Math.min(policy.maxMs, policy.initialMs * 2 ** failures);
}

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SupervisorOptions {
  log(message: string): void;
  policy?: BackoffPolicy;
  clock?: Clock;
}

interface Entry {
  name: string;
  spawn: () => SupervisedProcess;
  process?: SupervisedProcess;
  startedAt: number;
  /** Quick exits in a row, which set the next delay. */
  failures: number;
  restarts: number;
  timer?: unknown;
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ?? `code ${code}`;
}

export class Supervisor {
  private readonly entries: Entry[] = [];
  private readonly policy: BackoffPolicy;
  private readonly clock: Clock;
  private stopping: Promise<number> | undefined;
  private stopSignal: NodeJS.Signals | undefined;
  private resolveStopped: ((code: number) => void) | undefined;
  private readonly codes: number[] = [];

  constructor(private readonly options: SupervisorOptions) {
    this.policy = options.policy ?? DEFAULT_BACKOFF;
    this.clock = options.clock ?? SYSTEM_CLOCK;
  }

  /** Starts `spawn()` under `name` and keeps it running until `stop`. */
  add(name: string, spawn: () => SupervisedProcess): void {
    const entry: Entry = { name, spawn, startedAt: 0, failures: 0, restarts: 0 };
    this.entries.push(entry);
    this.launch(entry);
  }

  /** The running process of each child (none while one waits to restart). */
  running(): Map<string, SupervisedProcess> {
    const found = new Map<string, SupervisedProcess>();
    for (const entry of this.entries) if (entry.process) found.set(entry.name, entry.process);
    return found;
  }

  /**
   * Sends `signal` once to every running child, cancels pending restarts, and resolves with the
   * highest exit code of the children it stopped (0 for one ended by `signal` itself, 1 for one
   * ended by another signal). Later calls
   * return the same promise: close-with-grace in the children exits at once on a second signal.
   */
  stop(signal: NodeJS.Signals = "SIGTERM"): Promise<number> {
    if (this.stopping) return this.stopping;
    this.stopSignal = signal;
    this.stopping = new Promise<number>((resolve) => {
      this.resolveStopped = resolve;
    });
    for (const entry of this.entries) {
      if (entry.timer !== undefined) this.clock.clearTimeout(entry.timer);
      entry.timer = undefined;
      entry.process?.kill(signal);
    }
    this.settleIfDone();
    return this.stopping;
  }

  /** SIGKILLs every running child; for a `process.on("exit")` handler, which must be synchronous. */
  killAll(): void {
    for (const entry of this.entries) entry.process?.kill("SIGKILL");
  }

  private launch(entry: Entry): void {
    const child = entry.spawn();
    entry.process = child;
    entry.startedAt = this.clock.now();
    this.options.log(`${entry.name} started (pid ${child.pid ?? "unknown"})`);
    child.once("exit", (code, signal) => this.exited(entry, code, signal));
  }

  private exited(entry: Entry, code: number | null, signal: NodeJS.Signals | null): void {
    entry.process = undefined;
    const how = describeExit(code, signal);
    if (this.stopping) {
      this.options.log(`${entry.name} exited (${how})`);
      // One still starting has no handler yet and dies of the signal itself: stopped as asked.
      this.codes.push(code ?? (signal === this.stopSignal ? 0 : 1));
      this.settleIfDone();
      return;
    }
    if (this.clock.now() - entry.startedAt >= this.policy.stableMs) entry.failures = 0;
    const delay = restartDelay(entry.failures, this.policy);
    entry.failures += 1;
    entry.restarts += 1;
    this.options.log(
      `${entry.name} exited (${how}); restarting in ${delay / 1000} s (restart ${entry.restarts})`,
    );
    entry.timer = this.clock.setTimeout(() => {
      entry.timer = undefined;
      if (!this.stopping) this.launch(entry);
    }, delay);
  }

  private settleIfDone(): void {
    if (this.entries.some((entry) => entry.process)) return;
    this.resolveStopped?.(Math.max(0, ...this.codes));
  }
}
