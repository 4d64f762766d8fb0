import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { METRICS } from "@tandem/competition";
import { allChallenges } from "@tandem/competition/server";
import {
  createRankingsCache,
  createRedisRefreshCoordination,
  createRedisStore,
  type RankingsCache,
  type RefreshCoordination,
  rankingDomains,
  refreshKeys,
} from "@tandem/jobs";
import { rankingBodies } from "@tandem/scoring";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
// The mechanism behind createRankingsFreshness, tested directly: internal to @tandem/jobs.
import {
  createRankingsCoalescer,
  type RankingsCoalescer,
} from "../../packages/jobs/src/rankings-coalescer";
import { rebuildRankings } from "../../packages/jobs/src/rankings-refresh";
import {
  createTestDatabase,
  createTestRedis,
  type TestDatabase,
} from "../../test/support/services";
import { shownExactly } from "../../test/support/shown";
import { type Database, loadRankingInputs, submissions, teams } from "../src";

const logger = pino({ level: "silent" });
let database: TestDatabase;
let redis: Awaited<ReturnType<typeof createTestRedis>>;
let prefix: string;
let teamIds: string[];
/** Connections, caches and coalescers of the test's "processes", closed after each test. */
let opened: { connection: Redis; coalescer?: RankingsCoalescer }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await createTestRedis();
  const rows = await database.handle.db
    .insert(teams)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        name: `coalesced-${i}-${randomBytes(4).toString("hex")}`,
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
beforeEach(() => {
  // Each test its own rankings and lock.
  prefix = `${redis.prefix}:${randomBytes(4).toString("hex")}`;
});
afterEach(async () => {
  for (const { connection, coalescer } of opened) {
    await coalescer?.close();
    connection.disconnect();
  }
  opened = [];
});

let scored = 0;
/** A counted, scored submission, as the worker writes it just before it requests a refresh. */
async function score(db: Database): Promise<void> {
  scored += 1;
  const challenge = allChallenges()[scored % allChallenges().length]!;
  await db.insert(submissions).values({
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

/** One worker process: its own Redis connection, rankings cache and coalescer. */
function startProcess(options: {
  onRebuild?: (rebuild: () => Promise<unknown>) => Promise<unknown>;
  wrap?: (coordination: RefreshCoordination) => RefreshCoordination;
  leaseMs?: number;
  onRebuilt?: () => void;
}) {
  const connection = new Redis(redis.url);
  const cache = createRankingsCache(createRedisStore(connection), prefix);
  const rebuild = () => rebuildRankings(database.handle.db, cache);
  const coalescer = createRankingsCoalescer({
    coordination: options.wrap ? options.wrap(cache.coordination) : cache.coordination,
    rebuild: options.onRebuild ? () => options.onRebuild!(rebuild) : rebuild,
    logger,
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    ...(options.onRebuilt ? { onRebuilt: options.onRebuilt } : {}),
  });
  opened.push({ connection, coalescer });
  return { connection, cache, coalescer };
}

const withoutClock = (body: string | null) => body?.replace(/"updated_at":"[^"]*"/, "");

/** The cached bodies equal a full computation on the database as it is now (clock aside). */
async function expectCacheEqualsFullRebuild(cache: RankingsCache) {
  const inputs = await loadRankingInputs(database.handle.db);
  const expected = rankingBodies(rankingDomains(inputs), inputs);
  expect(withoutClock(await cache.overall())).toBe(withoutClock(expected.overall));
  for (const [slug, body] of Object.entries(expected.domains)) {
    expect(withoutClock(await cache.domain(slug))).toBe(withoutClock(body));
  }
  // The snapshot holds every scored submission (the comparison above is not of two empties).
  const total = JSON.parse(expected.overall).leaderboard.reduce(
    (sum: number, row: { valid_submissions_total: number }) => sum + row.valid_submissions_total,
    0,
  );
  expect(total).toBe(scored);
}

async function requestedSoFar(connection: Redis): Promise<number> {
  return Number((await connection.get(refreshKeys(prefix).requested)) ?? 0);
}

describe("coalesced rankings refresh across processes (real Redis)", () => {
  it("merges many concurrent requests into a few rebuilds, never two at once, ending on the full rankings", async () => {
    const { db } = database.handle;
    const requests = 120;
    let running = 0;
    let mostAtOnce = 0;
    let rebuilds = 0;
    const watcher = new Redis(redis.url);
    opened.push({ connection: watcher });
    const onRebuild = async (rebuild: () => Promise<unknown>) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      rebuilds += 1;
      try {
        // The first rebuild holds the lock until every request is made: all of them meet a
        // rebuild under way, from every process.
        if (rebuilds === 1) {
          while ((await requestedSoFar(watcher)) < requests) await sleep(5);
        }
        return await rebuild();
      } finally {
        running -= 1;
      }
    };
    const processes = Array.from({ length: 4 }, () => startProcess({ onRebuild }));

    const made: Promise<void>[] = [];
    for (let i = 0; i < requests; i++) {
      await score(db);
      made.push(processes[i % processes.length]!.coalescer.request());
    }
    await Promise.all(made);
    for (const { coalescer } of processes) await coalescer.idle();

    expect(mostAtOnce).toBe(1);
    // The gated first rebuild, then one that reflects every request made meanwhile.
    expect(rebuilds).toBeLessThanOrEqual(2);
    const progress = await processes[0]!.cache.coordination.progress();
    expect(progress).toEqual({ requested: requests, rebuilt: requests });
    for (const { cache } of processes) await expectCacheEqualsFullRebuild(cache);
  });

  it("keeps the rankings whole when scores and requests interleave at random", async () => {
    const { db } = database.handle;
    let running = 0;
    let mostAtOnce = 0;
    let rebuilds = 0;
    const onRebuild = async (rebuild: () => Promise<unknown>) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      rebuilds += 1;
      try {
        return await rebuild();
      } finally {
        running -= 1;
      }
    };
    const processes = Array.from({ length: 3 }, () => startProcess({ onRebuild }));
    const made: Promise<void>[] = [];
    // Several workers scoring at once: each scores, then requests without waiting for the others.
    await Promise.all(
      processes.map(async (process, p) => {
        for (let i = 0; i < 30; i++) {
          await score(db);
          made.push(process.coalescer.request());
          if ((i + p) % 7 === 0) await sleep(1);
        }
      }),
    );
    await Promise.all(made);
    for (const { coalescer } of processes) await coalescer.idle();

    expect(mostAtOnce).toBe(1);
    expect(rebuilds).toBeLessThan(90);
    const progress = await processes[0]!.cache.coordination.progress();
    expect(progress.rebuilt).toBe(progress.requested);
    await expectCacheEqualsFullRebuild(processes[0]!.cache);
  });

  it("rebuilds again for a request that lands after the holder's last read, before it lets go", async () => {
    const { db } = database.handle;
    let rebuilds = 0;
    const late = startProcess({});
    let injected = false;
    const holder = startProcess({
      onRebuild: async (rebuild) => {
        rebuilds += 1;
        return rebuild();
      },
      // Between the holder's rebuild (its generation read before it) and its giving the lock
      // up, another process scores and requests: it finds the lock taken and returns at once.
      wrap: (coordination) => ({
        ...coordination,
        async finishRound(token, leaseMs, rebuilt) {
          if (!injected) {
            injected = true;
            await score(db);
            await late.coalescer.request();
            expect(await requestedSoFar(late.connection)).toBe(2);
          }
          return coordination.finishRound(token, leaseMs, rebuilt);
        },
      }),
    });

    await score(db);
    await holder.coalescer.request();
    await holder.coalescer.idle();

    expect(injected).toBe(true);
    expect(rebuilds).toBe(2);
    expect(await holder.cache.coordination.progress()).toEqual({ requested: 2, rebuilt: 2 });
    await expectCacheEqualsFullRebuild(holder.cache);
  });

  it("takes over from a holder that died with the lock once its lease ends", async () => {
    const { db } = database.handle;
    const connection = new Redis(redis.url);
    opened.push({ connection });
    const dead = createRedisRefreshCoordination(connection, prefix);
    // A process took the lock and died: never renewed, never released.
    await dead.request();
    expect(await dead.acquire("dead-process", 400)).toEqual({ acquired: true });
    await score(db);

    let rebuilt!: () => void;
    const tookOver = new Promise<void>((resolve) => {
      rebuilt = resolve;
    });
    const survivor = startProcess({ leaseMs: 400, onRebuilt: () => rebuilt() });
    // The lock is taken: the request returns at once, leaving the stale mark for the holder.
    await survivor.coalescer.request();
    expect(await survivor.cache.overall()).toBeNull();

    await tookOver;
    await survivor.coalescer.idle();
    expect(await survivor.cache.coordination.progress()).toEqual({ requested: 2, rebuilt: 2 });
    await expectCacheEqualsFullRebuild(survivor.cache);
  });
});

describe("refresh coordination in Redis", () => {
  it("keeps the lock for a request made between the holder's read and its release", async () => {
    const [first, second] = [new Redis(redis.url), new Redis(redis.url)];
    opened.push({ connection: first }, { connection: second });
    const a = createRedisRefreshCoordination(first, prefix);
    const b = createRedisRefreshCoordination(second, prefix);

    expect(await a.request()).toBe(1);
    expect(await a.acquire("a", 10_000)).toEqual({ acquired: true });
    expect(await a.progress()).toEqual({ requested: 1, rebuilt: 0 });
    // b asks while a rebuilds: the lock is taken, b leaves its mark.
    expect(await b.request()).toBe(2);
    const attempt = await b.acquire("b", 10_000);
    expect(attempt.acquired).toBe(false);
    // a finishes the round for generation 1 and sees 2: it keeps the lock and goes again.
    expect(await a.finishRound("a", 10_000, 1)).toBe("again");
    expect(await a.progress()).toEqual({ requested: 2, rebuilt: 1 });
    expect(await a.finishRound("a", 10_000, 2)).toBe("released");
    expect(await b.acquire("b", 10_000)).toEqual({ acquired: true });
    // a no longer holds it: its late round is recorded but it does not take the lock back.
    expect(await a.finishRound("a", 10_000, 2)).toBe("lost");
    expect(await a.renew("a", 10_000)).toBe(false);
    expect(await b.renew("b", 10_000)).toBe(true);
    await b.release("b");
    expect(await a.acquire("a", 10_000)).toEqual({ acquired: true });
  });
});
