import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { METRICS } from "@tandem/competition";
import { allChallenges } from "@tandem/competition/server";
import {
  createRankingsCache,
  createRankingsFreshness,
  createRedisStore,
  type RankingsCache,
  type RankingsFreshness,
  type RankingsFreshnessOptions,
  refreshKeys,
} from "@tandem/jobs";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  createTestRedis,
  type TestDatabase,
} from "../../test/support/services";
import { shownExactly } from "../../test/support/shown";
import { submissions, teams } from "../src";

/**
 * createRankingsFreshness (packages/jobs, ADR 0021) against real Postgres and Redis, each
 * "process" with its own connection. Here rather than in packages/jobs/test: that is the unit
 * project, which starts nothing; this file needs databases, as rankings-coalescer.test.ts does.
 */
const logger = pino({ level: "silent" });
let database: TestDatabase;
let redis: Awaited<ReturnType<typeof createTestRedis>>;
let prefix: string;
let teamIds: string[];
let opened: { connection: Redis; freshness: RankingsFreshness }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await createTestRedis();
  const rows = await database.handle.db
    .insert(teams)
    .values(
      Array.from({ length: 5 }, (_, i) => ({
        name: `fresh-${i}-${randomBytes(4).toString("hex")}`,
        status: "active" as const,
        activatedAt: new Date(Date.now() - 86_400_000),
        apiKeyHash: randomBytes(8).toString("hex"),
        apiKeyEncrypted: "x",
      })),
    )
    .returning({ id: teams.id });
  teamIds = rows.map((row) => row.id);
});
afterAll(async () => {
  await redis?.cleanup();
  await database?.drop();
});
beforeEach(async () => {
  // Each test its own rankings and lock, over the submissions so far.
  prefix = `${redis.prefix}:${randomBytes(4).toString("hex")}`;
});
afterEach(async () => {
  for (const { connection, freshness } of opened) {
    await freshness.stop();
    connection.disconnect();
  }
  opened = [];
});

let scored = 0;
/** A counted, scored submission, as the worker stores it before it says the rankings changed. */
async function score(): Promise<void> {
  scored += 1;
  const challenge = allChallenges()[scored % allChallenges().length]!;
  await database.handle.db.insert(submissions).values({
    teamId: teamIds[scored % teamIds.length]!,
    challengeKey: challenge.key,
    status: "scored",
    predictions: gzipSync(""),
    payloadHash: randomBytes(8).toString("hex"),
    rowCount: 1,
    metricName: METRICS[challenge.metric].name,
    ...shownExactly((scored * 7919) % 1000),
    privateMetricValue: (scored * 104_729) % 1000,
    counted: true,
  });
}

/** One process: its own Redis connection, rankings cache and freshness; counts its rebuilds. */
function startProcess(
  options: Pick<RankingsFreshnessOptions, "mode" | "minGapMs" | "beforeRebuild">,
) {
  const connection = new Redis(redis.url);
  const cache = createRankingsCache(createRedisStore(connection), prefix);
  const counter = { rebuilds: 0 };
  const freshness = createRankingsFreshness({
    db: database.handle.db,
    cache,
    logger,
    ...options,
    onRebuilt: () => {
      counter.rebuilds += 1;
    },
  });
  opened.push({ connection, freshness });
  return { connection, cache, freshness, counter };
}

/** How many counted submissions the cached overall leaderboard holds (null: nothing cached). */
async function countedOnBoard(cache: RankingsCache): Promise<number | null> {
  const body = await cache.overall();
  if (body === null) return null;
  const { leaderboard } = JSON.parse(body) as {
    leaderboard: { valid_submissions_total: number }[];
  };
  return leaderboard.reduce((sum, row) => sum + row.valid_submissions_total, 0);
}

describe("rankings freshness (real Postgres and Redis)", () => {
  it("in-process: changed() resolves once a rebuild that includes the change is cached", async () => {
    const { cache, freshness, counter } = startProcess({ mode: "in-process" });
    await score();
    await freshness.changed();
    expect(await countedOnBoard(cache)).toBe(scored);
    await score();
    await freshness.changed();
    expect(await countedOnBoard(cache)).toBe(scored);
    expect(counter.rebuilds).toBe(2);
  });

  it("marked: changed() only marks the rankings stale; a process that watches rebuilds them", async () => {
    const gateway = startProcess({ mode: "marked" });
    await score();
    await gateway.freshness.changed();
    await gateway.freshness.changed();
    expect(gateway.counter.rebuilds).toBe(0);
    expect(await countedOnBoard(gateway.cache)).toBeNull();
    expect(await gateway.cache.coordination.progress()).toEqual({ requested: 2, rebuilt: 0 });

    const worker = startProcess({ mode: "marked" });
    worker.freshness.watch(50);
    const deadline = Date.now() + 10_000;
    while ((await countedOnBoard(gateway.cache)) !== scored && Date.now() < deadline) {
      await sleep(20);
    }
    expect(await countedOnBoard(gateway.cache)).toBe(scored);
    expect(worker.counter.rebuilds).toBe(1);
    expect(gateway.counter.rebuilds).toBe(0);
    expect(await gateway.cache.coordination.progress()).toEqual({ requested: 2, rebuilt: 2 });
  });

  it("fresh() rebuilds now, in a marked process that does not watch, and records it", async () => {
    const gateway = startProcess({ mode: "marked" });
    await score();
    await gateway.freshness.fresh();
    expect(await countedOnBoard(gateway.cache)).toBe(scored);
    expect(gateway.counter.rebuilds).toBe(1);
    // The rebuild went through the lock: the workers' watchers have nothing left to do.
    expect(await gateway.cache.coordination.progress()).toEqual({ requested: 1, rebuilt: 1 });
  });

  it("fresh() does not wait out a worker holding the lock through its gap", async () => {
    const worker = startProcess({ mode: "marked", minGapMs: 60_000 });
    worker.freshness.watch(50);
    await score();
    // The worker's first rebuild, then a second mark: it takes the lock and waits out the gap.
    await worker.freshness.changed();
    while ((await worker.cache.coordination.progress()).rebuilt < 1) await sleep(20);
    await worker.freshness.changed();
    const lock = refreshKeys(prefix).lock;
    while ((await worker.connection.get(lock)) === null) await sleep(20);

    const gateway = startProcess({ mode: "marked" });
    await score();
    const started = performance.now();
    await gateway.freshness.fresh();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await countedOnBoard(gateway.cache)).toBe(scored);
    expect(gateway.counter.rebuilds).toBe(1);
    // Still the worker's: its mark is rebuilt after the gap.
    expect(await worker.connection.get(lock)).not.toBeNull();
    expect(worker.counter.rebuilds).toBe(1);
  });

  it("a marked process that does not watch rebuilds for its own fresh() only, not for others' marks", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inRebuild = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const gateway = startProcess({
      mode: "marked",
      // The first rebuild waits until a worker has marked the rankings meanwhile.
      beforeRebuild: async () => {
        entered();
        await held;
      },
    });
    const worker = startProcess({ mode: "marked" });
    await score();
    const fresh = gateway.freshness.fresh();
    await inRebuild;
    await score();
    await worker.freshness.changed();
    release();
    await fresh;

    await sleep(200);
    expect(gateway.counter.rebuilds).toBe(1);
    // The worker's mark is left to the rebuilders that watch.
    expect(await gateway.cache.coordination.progress()).toEqual({ requested: 2, rebuilt: 1 });
    expect(await worker.connection.get(refreshKeys(prefix).lock)).toBeNull();
  });

  it("fresh() rejects when the rebuild fails; changed() does not, and its mark stays", async () => {
    const failing = startProcess({
      mode: "in-process",
      beforeRebuild: async () => {
        throw new Error("database down");
      },
    });
    await score();
    await expect(failing.freshness.fresh()).rejects.toThrow("database down");
    await expect(failing.freshness.changed()).resolves.toBeUndefined();
    const { requested, rebuilt } = await failing.cache.coordination.progress();
    expect(requested).toBeGreaterThan(rebuilt);
  });
});
