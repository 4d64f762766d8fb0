import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from "rate-limiter-flexible";

/**
 * Failed secret checks (passwords, the organizer code), shared by every route that checks one.
 * Only failures count, so a class signing in from one campus address is never slowed down.
 * Failures are counted per account and address, per account, and per address; past each
 * budget every further failure holds that key for an exponentially growing time (capped at the
 * window), so a guesser is slowed to a crawl while the owner, from another address, still gets in.
 */
export interface PasswordAttemptLimits {
  windowMs: number;
  /** Failures per account from one address before holds start. */
  freePerAccountAndIp: number;
  /** Failures per account from all addresses before holds start. */
  perAccount: number;
  /** Failures from one address, over all accounts, before holds start. */
  perIp: number;
}

export interface PasswordAttempts {
  /** Milliseconds to wait when a hold is on, else 0. Call before checking the secret. */
  heldFor(ip: string, account: string | undefined): Promise<number>;
  failed(ip: string, account: string | undefined): Promise<void>;
  /** The right secret from this address: its own count starts again. */
  succeeded(ip: string, account: string | undefined): Promise<void>;
}

export function createPasswordAttempts(
  limits: PasswordAttemptLimits,
  store: { redis: Redis | undefined; prefix: string },
): PasswordAttempts {
  const duration = Math.ceil(limits.windowMs / 1000);
  const make = (name: string, points: number): RateLimiterAbstract => {
    const options = { keyPrefix: `${store.prefix}:auth-failures:${name}`, points, duration };
    if (!store.redis) return new RateLimiterMemory(options);
    // A Redis outage must not stop sign-ins: this process's memory stands in meanwhile.
    return new RateLimiterRedis({
      ...options,
      storeClient: store.redis,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  };
  const failures = make("count", Number.MAX_SAFE_INTEGER);
  const holds = make("hold", 1);

  const keys = (ip: string, account: string | undefined) => {
    const normal = account?.trim().toLowerCase();
    return [
      ...(normal ? [{ key: `acct-ip:${normal}|${ip}`, free: limits.freePerAccountAndIp }] : []),
      ...(normal ? [{ key: `acct:${normal}`, free: limits.perAccount }] : []),
      { key: `ip:${ip}`, free: limits.perIp },
    ];
  };

  return {
    async heldFor(ip, account) {
      // The keys are independent: one round trip's wait, not three.
      const found = await Promise.all(keys(ip, account).map(({ key }) => holds.get(key)));
      return Math.max(
        0,
        ...found.map((hold) => (hold && hold.consumedPoints > 1 ? hold.msBeforeNext : 0)),
      );
    },

    async failed(ip, account) {
      await Promise.all(
        keys(ip, account).map(async ({ key, free }) => {
          const count = await failures.consume(key);
          const over = count.consumedPoints - free;
          if (over > 0) await holds.block(key, Math.min(2 ** Math.min(over, 20), duration));
        }),
      );
    },

    async succeeded(ip, account) {
      const [pair] = keys(ip, account);
      if (!pair || !account) return;
      await Promise.all([failures.delete(pair.key), holds.delete(pair.key)]);
    },
  };
}
