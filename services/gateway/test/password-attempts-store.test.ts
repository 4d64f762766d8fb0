import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRedis } from "../../../test/support/services";
import {
  type AttemptStore,
  createAttemptStore,
  createMemoryAttemptStore,
  createRedisAttemptStore,
} from "../src/plugins/attempt-store";
import { createPasswordAttempts, type PasswordAttempts } from "../src/plugins/password-attempts";

/**
 * Issue 31, findings 5 and 6, at the budget itself, on real Redis (several gateways) and on
 * memory (embedded mode): reservations fired at once, before any check settles, are refused
 * past the budget and past the cap on checks at once; a known source keeps its own budget.
 */
let redis: Awaited<ReturnType<typeof createTestRedis>>;
let connection: Redis;
beforeAll(async () => {
  redis = await createTestRedis();
  connection = new Redis(redis.url);
});
afterAll(async () => {
  connection?.disconnect();
  await redis?.cleanup();
});

const LIMITS = {
  windowMs: 900_000,
  freePerAccountAndIp: 5,
  perAccount: 50,
  perIp: 100,
  concurrentPerIp: 1000,
};
const STORE = { windowSeconds: 900, slotMs: 30_000, busyRetryMs: 1000 };
let run = 0;

const stores: [string, (prefix: string) => AttemptStore][] = [
  ["Redis", (prefix) => createRedisAttemptStore(connection, prefix, STORE)],
  ["memory", () => createMemoryAttemptStore(STORE)],
];

/** The budget on a store of its own (a fresh prefix under the test's, which cleanup removes). */
function attemptsOn(
  makeStore: (prefix: string) => AttemptStore,
  limits: Partial<typeof LIMITS> = {},
): PasswordAttempts {
  const prefix = `${redis.prefix}:${++run}`;
  return createPasswordAttempts(
    { ...LIMITS, ...limits },
    { redis: undefined, prefix, store: makeStore(`${prefix}:auth-failures`) },
  );
}

describe.each(stores)("the password budget on %s", (_name, makeStore) => {
  it("60 guesses reserved at once for one account and address: six checked, the rest held", async () => {
    const attempts = attemptsOn(makeStore);
    const source = { ip: "192.0.2.1", device: undefined };
    const results = await Promise.all(
      Array.from({ length: 60 }, () => attempts.reserve(source, "victim@example.org")),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(6);
    for (const result of results.filter((result) => !result.ok))
      expect(result).toMatchObject({ ok: false, reason: "held" });
  });

  it("checks in flight from one address beyond the cap are refused until one settles", async () => {
    const attempts = attemptsOn(makeStore, { concurrentPerIp: 2 });
    const source = { ip: "192.0.2.2", device: undefined };
    const [first, second, third] = await Promise.all(
      ["a", "b", "c"].map((who) => attempts.reserve(source, `${who}@example.org`)),
    );
    expect([first!.ok, second!.ok, third!.ok].filter(Boolean)).toHaveLength(2);
    const refused = [first, second, third].find((result) => !result!.ok);
    expect(refused).toMatchObject({ ok: false, reason: "busy", waitMs: 1000 });
    const done = [first, second, third].find((result) => result!.ok);
    if (done?.ok) await done.settle(false);
    expect((await attempts.reserve(source, "d@example.org")).ok).toBe(true);
  });

  it("a right password gives its points back; a known device is not held by strangers", async () => {
    const attempts = attemptsOn(makeStore, { perAccount: 3 });
    const owner = { ip: "203.0.113.1", device: "owner-device-id-0000000" };
    const right = await attempts.reserve(owner, "owner@example.org");
    if (!right.ok) throw new Error("the owner's first check was refused");
    await right.settle(true);
    await attempts.remember(owner, "owner@example.org");
    for (let i = 0; i < 4; i++) {
      const guess = await attempts.reserve(
        { ip: `198.51.100.${i}`, device: undefined },
        "owner@example.org",
      );
      if (guess.ok) await guess.settle(false);
    }
    const stranger = await attempts.reserve(
      { ip: "198.51.100.9", device: undefined },
      "owner@example.org",
    );
    expect(stranger).toMatchObject({ ok: false, reason: "held" });
    // On another network, from the known browser; and from the known address without it.
    expect(
      (await attempts.reserve({ ip: "192.0.2.77", device: owner.device }, "owner@example.org")).ok,
    ).toBe(true);
    expect(
      (await attempts.reserve({ ip: owner.ip, device: undefined }, "OWNER@example.org")).ok,
    ).toBe(true);
  });
});

describe("the password budget while Redis is down", () => {
  it("keeps counting on this process's memory: 60 guesses at once, six checked", async () => {
    // Nothing listens on port 1: every command fails at once.
    const down = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    down.on("error", () => {});
    try {
      const attempts = attemptsOn(() => createAttemptStore(down, "down", STORE));
      const source = { ip: "192.0.2.9", device: undefined };
      const results = await Promise.all(
        Array.from({ length: 60 }, () => attempts.reserve(source, "victim@example.org")),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(6);
      const first = results.find((result) => result.ok);
      if (first?.ok) await first.settle(false);
    } finally {
      down.disconnect();
    }
  });
});
