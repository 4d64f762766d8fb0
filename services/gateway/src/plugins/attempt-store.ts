import type { Redis } from "ioredis";

/**
 * The password budget's state, changed only by whole steps that cannot interleave: a Lua
 * script on Redis (shared by every gateway), or synchronous code on this process's memory
 * (embedded mode, and the stand-in while Redis is down). See password-attempts.ts for the rules.
 */

/** One failure count and its hold. */
export interface Budget {
  key: string;
  /** Failures before each further one starts a hold. */
  free: number;
}

export interface Reservation {
  /** Checks in flight from one address: a sorted set of tokens scored by when they lapse. */
  slots: string;
  token: string;
  /** Checks at once from that address. */
  cap: number;
  budgets: Budget[];
}

export type Reserved = { ok: true } | { ok: false; reason: "busy" | "held"; waitMs: number };

export interface Settlement {
  slots: string;
  token: string;
  /** On a right secret: budgets whose count and hold start again. */
  clear: string[];
  /** On a right secret: budgets that get their reserved point back. */
  refund: string[];
}

export interface AttemptStore {
  reserve(reservation: Reservation): Promise<Reserved>;
  settle(settlement: Settlement, ok: boolean): Promise<void>;
  /** Per member: has this account seen a right secret from it (within `maxAgeMs`)? */
  known(account: string, members: string[], maxAgeMs: number): Promise<boolean[]>;
  remember(account: string, members: string[], maxAgeMs: number, keep: number): Promise<void>;
}

interface StoreOptions {
  windowSeconds: number;
  /** A slot left by a process that died lapses after this long. */
  slotMs: number;
  /** How long a check from a busy address should wait before trying again. */
  busyRetryMs: number;
}

const count = (key: string) => `${key}:count`;
const hold = (key: string) => `${key}:hold`;

/** Seconds a failure `over` the budget holds its key: 2, 4, 8... capped at the window. */
export const holdSeconds = (over: number, windowSeconds: number) =>
  Math.min(2 ** Math.min(over, 20), windowSeconds);

// KEYS: slots, then count and hold per budget. ARGV: token, cap, slotMs, window, busyMs, free...
const RESERVE = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return {1, tonumber(ARGV[5])} end
local n = (#KEYS - 1) / 2
local wait = 0
for i = 1, n do
  local left = redis.call('PTTL', KEYS[1 + 2 * i])
  if left > wait then wait = left end
end
if wait > 0 then return {2, wait} end
local window = tonumber(ARGV[4])
for i = 1, n do
  local c = redis.call('INCR', KEYS[2 * i])
  if c == 1 then redis.call('EXPIRE', KEYS[2 * i], window) end
  local over = c - tonumber(ARGV[5 + i])
  if over > 0 then
    redis.call('SET', KEYS[1 + 2 * i], '1', 'EX', math.min(2 ^ math.min(over, 20), window))
  end
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return {0, 0}
`;

// KEYS: slots, then the keys to delete, then the counts to refund. ARGV: token, ok, deletes.
const SETTLE = `
redis.call('ZREM', KEYS[1], ARGV[1])
if ARGV[2] ~= '1' then return 0 end
local deletes = tonumber(ARGV[3])
for i = 2, #KEYS do
  if i <= deletes + 1 then
    redis.call('DEL', KEYS[i])
  elseif redis.call('GET', KEYS[i]) and tonumber(redis.call('GET', KEYS[i])) > 0 then
    redis.call('DECR', KEYS[i])
  end
end
return 0
`;

export function createRedisAttemptStore(
  redis: Redis,
  prefix: string,
  options: StoreOptions,
): AttemptStore {
  const knownKey = (account: string) => `${prefix}:known:${account}`;
  return {
    async reserve({ slots, token, cap, budgets }) {
      const keys = [slots, ...budgets.flatMap(({ key }) => [count(key), hold(key)])];
      const [status, wait] = (await redis.eval(
        RESERVE,
        keys.length,
        ...keys,
        token,
        cap,
        options.slotMs,
        options.windowSeconds,
        options.busyRetryMs,
        ...budgets.map(({ free }) => free),
      )) as [number, number];
      if (status === 0) return { ok: true };
      return { ok: false, reason: status === 1 ? "busy" : "held", waitMs: wait };
    },
    async settle({ slots, token, clear, refund }, ok) {
      const deletes = clear.flatMap((key) => [count(key), hold(key)]);
      const keys = [slots, ...deletes, ...refund.map(count)];
      await redis.eval(SETTLE, keys.length, ...keys, token, ok ? "1" : "0", deletes.length);
    },
    async known(account, members, maxAgeMs) {
      const seen = await redis.zmscore(knownKey(account), ...members);
      const since = Date.now() - maxAgeMs;
      return seen.map((at) => at !== null && Number(at) > since);
    },
    async remember(account, members, maxAgeMs, keep) {
      const key = knownKey(account);
      const now = Date.now();
      await redis
        .multi()
        .zadd(key, ...members.flatMap((member) => [now, member]))
        .zremrangebyscore(key, "-inf", now - maxAgeMs)
        .zremrangebyrank(key, 0, -keep - 1)
        .pexpire(key, maxAgeMs)
        .exec();
    },
  };
}

/** The same steps on this process's memory; each runs without an await inside, so whole. */
export function createMemoryAttemptStore(options: StoreOptions): AttemptStore {
  const counts = new Map<string, { n: number; until: number }>();
  const holds = new Map<string, number>();
  const slots = new Map<string, Map<string, number>>();
  const known = new Map<string, Map<string, number>>();
  const live = <T>(map: Map<string, T>, key: string, until: (value: T) => number, now: number) => {
    const value = map.get(key);
    if (value !== undefined && until(value) <= now) map.delete(key);
    return map.get(key);
  };

  return {
    async reserve({ slots: slotsKey, token, cap, budgets }) {
      const now = Date.now();
      const taken = slots.get(slotsKey) ?? new Map<string, number>();
      for (const [held, until] of taken) if (until <= now) taken.delete(held);
      if (taken.size >= cap) return { ok: false, reason: "busy", waitMs: options.busyRetryMs };
      const wait = Math.max(
        0,
        ...budgets.map(({ key }) => (live(holds, key, (until) => until, now) ?? now) - now),
      );
      if (wait > 0) return { ok: false, reason: "held", waitMs: wait };
      for (const { key, free } of budgets) {
        const current = live(counts, key, (entry) => entry.until, now) ?? {
          n: 0,
          until: now + options.windowSeconds * 1000,
        };
        current.n++;
        counts.set(key, current);
        const over = current.n - free;
        if (over > 0) holds.set(key, now + holdSeconds(over, options.windowSeconds) * 1000);
      }
      taken.set(token, now + options.slotMs);
      slots.set(slotsKey, taken);
      return { ok: true };
    },
    async settle({ slots: slotsKey, token, clear, refund }, ok) {
      const taken = slots.get(slotsKey);
      taken?.delete(token);
      if (taken?.size === 0) slots.delete(slotsKey);
      if (!ok) return;
      for (const key of clear) {
        counts.delete(key);
        holds.delete(key);
      }
      for (const key of refund) {
        const entry = counts.get(key);
        if (entry && entry.n > 0) entry.n--;
      }
    },
    async known(account, members, maxAgeMs) {
      const seen = known.get(account);
      const since = Date.now() - maxAgeMs;
      return members.map((member) => (seen?.get(member) ?? 0) > since);
    },
    async remember(account, members, maxAgeMs, keep) {
      const now = Date.now();
      const seen = known.get(account) ?? new Map<string, number>();
      for (const member of members) {
        seen.delete(member);
        seen.set(member, now);
      }
      for (const [member, at] of seen) if (at <= now - maxAgeMs) seen.delete(member);
      // Insertion order is age order: the oldest go first.
      for (const member of seen.keys()) {
        if (seen.size <= keep) break;
        seen.delete(member);
      }
      known.set(account, seen);
    },
  };
}

/** Redis, with this process's memory standing in while it fails: sign-ins never stop on it. */
export function createAttemptStore(
  redis: Redis | undefined,
  prefix: string,
  options: StoreOptions,
): AttemptStore {
  const memory = createMemoryAttemptStore(options);
  if (!redis) return memory;
  const shared = createRedisAttemptStore(redis, prefix, options);
  return {
    reserve: (reservation) => shared.reserve(reservation).catch(() => memory.reserve(reservation)),
    // Both: the reservation may have been made on memory while Redis was failing.
    settle: async (settlement, ok) => {
      await memory.settle(settlement, ok);
      await shared.settle(settlement, ok).catch(() => {});
    },
    known: (account, members, maxAgeMs) =>
      shared
        .known(account, members, maxAgeMs)
        .catch(() => memory.known(account, members, maxAgeMs)),
    remember: (account, members, maxAgeMs, keep) =>
      shared
        .remember(account, members, maxAgeMs, keep)
        .catch(() => memory.remember(account, members, maxAgeMs, keep)),
  };
}
