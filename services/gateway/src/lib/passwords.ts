import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) at OWASP's baseline: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Argon2 runs on libuv's thread pool, which file reads (static files, datasets) share: a burst
 * of sign-ins once held every thread and a static file waited 15 s. At most `atOnce` argon2 runs
 * are on the pool (config: half of it by default); the rest wait here, in order.
 */
let atOnce = 2;

/** Sets how many argon2 runs may be on the thread pool at once (from config, at start). */
export function limitArgon2(runs: number) {
  atOnce = Math.max(1, runs);
}

/** Argon2 runs so far in this process: asked for, started on a thread, finished. */
const work = { requested: 0, started: 0, finished: 0 };
const waiting: (() => void)[] = [];
let running = 0;

/** A snapshot of this process's argon2 work (for tests and metrics). */
export function passwordWork(): Readonly<typeof work> {
  return { ...work };
}

async function run<T>(task: () => Promise<T>): Promise<T> {
  work.requested++;
  if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  work.started++;
  try {
    return await task();
  } finally {
    work.finished++;
    // The slot passes straight to the next in line, so `running` never over-counts.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return run(() => hash(password, OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the same work on a dummy one,
 * so response times do not reveal which e-mail addresses have accounts.
 */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword("tandem-dummy-password");
    const dummy = await dummyHash;
    await run(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  return run(() => verify(stored, password)).catch(() => false);
}
