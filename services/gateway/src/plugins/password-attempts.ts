import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { type AttemptStore, type Budget, createAttemptStore } from "./attempt-store";

/**
 * The budget for secret checks (passwords, the organizer code), shared by every route that
 * checks one (ADR 0007). Only wrong secrets stay counted, so a class signing in from one campus
 * address is never slowed down. Counts are kept per account and address, per account, and per
 * address; past each budget every further failure holds that key for an exponentially growing
 * time (capped at the window).
 *
 * Each check is reserved before argon2 runs: one atomic step refuses it while a hold is on or
 * while the address already has `concurrentPerIp` checks in flight, else counts it against every
 * key (starting the hold when that passes a budget). A right secret gives the point back. So
 * guesses fired at once are held exactly as if they came one after another.
 *
 * The owner keeps their own budget: a browser (the device cookie) or an address that has given
 * this account's right secret before is not held by the account-wide count, only by its own.
 */
export interface PasswordAttemptLimits {
  windowMs: number;
  /** Failures per account from one address (or known device) before holds start. */
  freePerAccountAndIp: number;
  /** Failures per account from addresses and devices it has not seen succeed. */
  perAccount: number;
  /** Failures from one address, over all accounts, before holds start. */
  perIp: number;
  /** Secret checks in flight from one address at once. */
  concurrentPerIp: number;
}

/** Where a check comes from: its address and, when the browser has one, its device id. */
export interface AttemptSource {
  ip: string;
  device: string | undefined;
}

export type Attempt =
  | { ok: true; settle(right: boolean): Promise<void> }
  | { ok: false; reason: "busy" | "held"; waitMs: number };

export interface PasswordAttempts {
  /** Reserves one check, or says how long to wait. Settle the reservation after the check. */
  reserve(source: AttemptSource, account: string | undefined): Promise<Attempt>;
  /** Records a right secret from this source, which from now on keeps its own budget. */
  remember(source: AttemptSource, account: string): Promise<void>;
}

/** How long an account remembers a source of a right secret, and how many it keeps. */
const KNOWN_MS = 90 * 86_400_000;
const KNOWN_KEEP = 20;

export function createPasswordAttempts(
  limits: PasswordAttemptLimits,
  options: { redis: Redis | undefined; prefix: string; store?: AttemptStore },
): PasswordAttempts {
  const base = `${options.prefix}:auth-failures`;
  const store =
    options.store ??
    createAttemptStore(options.redis, base, {
      windowSeconds: Math.ceil(limits.windowMs / 1000),
      slotMs: 30_000,
      busyRetryMs: 1000,
    });
  const members = ({ ip, device }: AttemptSource) => [
    `ip:${ip}`,
    ...(device ? [`device:${device}`] : []),
  ];

  return {
    async reserve(source, account) {
      const normal = account?.trim().toLowerCase() || undefined;
      const { ip, device } = source;
      const budgets: Budget[] = [];
      if (normal) {
        const [knownIp, knownDevice] = await store.known(normal, members(source), KNOWN_MS);
        budgets.push(
          knownDevice
            ? { key: `${base}:acct-device:${normal}|${device}`, free: limits.freePerAccountAndIp }
            : { key: `${base}:acct-ip:${normal}|${ip}`, free: limits.freePerAccountAndIp },
        );
        // Strangers share the account-wide count; the owner's known sources never reach it.
        if (!knownIp && !knownDevice)
          budgets.push({ key: `${base}:acct:${normal}`, free: limits.perAccount });
      }
      budgets.push({ key: `${base}:ip:${ip}`, free: limits.perIp });
      const token = randomUUID();
      const slots = `${base}:checking:${ip}`;
      const reserved = await store.reserve({
        slots,
        token,
        cap: limits.concurrentPerIp,
        budgets,
      });
      if (!reserved.ok) return reserved;
      const [own, ...shared] = budgets.map(({ key }) => key);
      return {
        ok: true,
        // A right secret: its own count starts again, the shared ones get their point back.
        settle: (right) =>
          store.settle(
            { slots, token, clear: normal ? [own!] : [], refund: normal ? shared : [own!] },
            right,
          ),
      };
    },

    async remember(source, account) {
      await store.remember(account.trim().toLowerCase(), members(source), KNOWN_MS, KNOWN_KEEP);
    },
  };
}
