/**
 * Who rebuilds the rankings next, shared by every process that scores (docs/adr/0012): a
 * generation counter that each request bumps, the generation the last rebuild reflects, and a
 * lock with a lease so that one process at a time rebuilds and a crashed holder only delays the
 * next rebuild by the rest of its lease. Redis in production, memory in embedded mode.
 */
export interface RefreshCoordination {
  /** Marks the rankings stale; the new generation, which a later rebuild must reflect. */
  request(): Promise<number>;
  /** Takes the lock for `token` if no one holds it; otherwise, how long until its lease ends. */
  acquire(token: string, leaseMs: number): Promise<LockAttempt>;
  /** The last generation requested, and the last one a finished rebuild reflects. */
  progress(): Promise<{ requested: number; rebuilt: number }>;
  /** Extends the lease if `token` still holds the lock. */
  renew(token: string, leaseMs: number): Promise<boolean>;
  /**
   * Records that a rebuild reflects generation `rebuilt` (0: none ran), then in the same atomic
   * step keeps the lock when a request came since (`again`: rebuild once more) or gives it up
   * (`released`). `lost`: `token` no longer held it; the new holder rebuilds.
   */
  finishRound(token: string, leaseMs: number, rebuilt: number): Promise<RoundEnd>;
  /** Gives the lock up if `token` holds it (after a failed rebuild). */
  release(token: string): Promise<void>;
}

export type LockAttempt = { acquired: true } | { acquired: false; retryInMs: number };
export type RoundEnd = "again" | "released" | "lost";

export function refreshKeys(prefix: string) {
  const base = `${prefix}:rankings:refresh`;
  return { requested: `${base}:requested`, rebuilt: `${base}:rebuilt`, lock: `${base}:lock` };
}

/** The Redis client calls used (ioredis' `eval`). */
export interface EvalClient {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

// Each script is one atomic step on the server. KEYS[1] the lock; ARGV[1] the token, ARGV[2] the lease.
const ACQUIRE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {1, 0} end
return {0, redis.call('PTTL', KEYS[1])}`;

const RENEW = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

const PROGRESS = `return {redis.call('GET', KEYS[1]) or '0', redis.call('GET', KEYS[2]) or '0'}`;

// KEYS: requested, rebuilt, lock; ARGV: token, lease, the generation the rebuild reflects. The
// generation is read and the lock given up in one step: a request that lands after the holder's
// last read either is seen here (the holder rebuilds again) or finds the lock free and takes it.
const FINISH_ROUND = `
local rebuilt = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[3]) > rebuilt then
  rebuilt = tonumber(ARGV[3])
  redis.call('SET', KEYS[2], ARGV[3])
end
if redis.call('GET', KEYS[3]) ~= ARGV[1] then return 'lost' end
if tonumber(redis.call('GET', KEYS[1]) or '0') > rebuilt then
  redis.call('PEXPIRE', KEYS[3], ARGV[2])
  return 'again'
end
redis.call('DEL', KEYS[3])
return 'released'`;

export function createRedisRefreshCoordination(
  redis: EvalClient,
  prefix: string,
): RefreshCoordination {
  const keys = refreshKeys(prefix);
  return {
    async request() {
      return Number(await redis.eval("return redis.call('INCR', KEYS[1])", 1, keys.requested));
    },
    async acquire(token, leaseMs) {
      const [acquired, ttl] = (await redis.eval(ACQUIRE, 1, keys.lock, token, leaseMs)) as [
        number,
        number,
      ];
      if (acquired === 1) return { acquired: true };
      // A lock with no expiry (-1) is none of ours: look again after a lease.
      return { acquired: false, retryInMs: ttl >= 0 ? ttl : leaseMs };
    },
    async progress() {
      const [requested, rebuilt] = (await redis.eval(
        PROGRESS,
        2,
        keys.requested,
        keys.rebuilt,
      )) as [string, string];
      return { requested: Number(requested), rebuilt: Number(rebuilt) };
    },
    async renew(token, leaseMs) {
      return (await redis.eval(RENEW, 1, keys.lock, token, leaseMs)) === 1;
    },
    async finishRound(token, leaseMs, rebuilt) {
      return (await redis.eval(
        FINISH_ROUND,
        3,
        keys.requested,
        keys.rebuilt,
        keys.lock,
        token,
        leaseMs,
        rebuilt,
      )) as RoundEnd;
    },
    async release(token) {
      await redis.eval(RELEASE, 1, keys.lock, token);
    },
  };
}

/** The same in one process's memory (embedded mode): every step is synchronous, so atomic. */
export function createMemoryRefreshCoordination(now: () => number = Date.now): RefreshCoordination {
  let requested = 0;
  let rebuilt = 0;
  let lock: { token: string; until: number } | undefined;
  const holder = () => (lock && lock.until > now() ? lock.token : undefined);
  return {
    request: async () => ++requested,
    async acquire(token, leaseMs) {
      if (holder() === undefined) {
        lock = { token, until: now() + leaseMs };
        return { acquired: true };
      }
      return { acquired: false, retryInMs: Math.max(lock!.until - now(), 0) };
    },
    progress: async () => ({ requested, rebuilt }),
    async renew(token, leaseMs) {
      if (holder() !== token) return false;
      lock = { token, until: now() + leaseMs };
      return true;
    },
    async finishRound(token, leaseMs, reflected) {
      rebuilt = Math.max(rebuilt, reflected);
      if (holder() !== token) return "lost";
      if (requested > rebuilt) {
        lock = { token, until: now() + leaseMs };
        return "again";
      }
      lock = undefined;
      return "released";
    },
    async release(token) {
      if (holder() === token) lock = undefined;
    },
  };
}
