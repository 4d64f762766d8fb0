import { describe, expect, it } from "vitest";
import { createMemoryRefreshCoordination } from "../src";
import { createRankingsCoalescer } from "../src/rankings-coalescer";

const quiet = { warn: () => {} };

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("rankings coalescer (in one process's memory)", () => {
  it("merges the requests made during a rebuild into one more, and each waits for one that reflects it", async () => {
    let data = 0;
    const snapshots: number[] = [];
    const started = gate();
    const first = gate();
    const coalescer = createRankingsCoalescer({
      coordination: createMemoryRefreshCoordination(),
      logger: quiet,
      rebuild: async () => {
        const seen = data;
        if (snapshots.length === 0) {
          started.open();
          await first.opened;
        }
        snapshots.push(seen);
      },
    });

    data = 1;
    const firstRequest = coalescer.request();
    await started.opened;
    // Nine more scores while the first rebuild runs.
    const later = Array.from({ length: 9 }, () => {
      data += 1;
      const seenAtRequest = data;
      return coalescer.request().then(() => {
        expect(Math.max(...snapshots)).toBeGreaterThanOrEqual(seenAtRequest);
      });
    });
    first.open();
    await firstRequest;
    await Promise.all(later);
    await coalescer.idle();

    expect(snapshots).toEqual([1, 10]);
  });

  it("watching, rebuilds for marks made elsewhere (a gateway's intake), once for many, and not when nothing changed", async () => {
    const coordination = createMemoryRefreshCoordination();
    let rebuilds = 0;
    const coalescer = createRankingsCoalescer({
      coordination,
      logger: quiet,
      rebuild: async () => {
        rebuilds += 1;
      },
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 120));
    coalescer.watch(20);
    await settle();
    expect(rebuilds).toBe(0);
    // Three scores stored by another process, which only marks.
    await Promise.all([coordination.request(), coordination.request(), coordination.request()]);
    await settle();
    await coalescer.idle();
    expect(rebuilds).toBe(1);
    expect(await coordination.progress()).toEqual({ requested: 3, rebuilt: 3 });
    await settle();
    expect(rebuilds).toBe(1);
    await coordination.request();
    await settle();
    await coalescer.close();
    expect(rebuilds).toBe(2);
    // Closed: no more watching.
    await coordination.request();
    await settle();
    expect(rebuilds).toBe(2);
  });

  it("rebuilds once for a lone request, and again for the next one", async () => {
    let rebuilds = 0;
    const durations: number[] = [];
    const coalescer = createRankingsCoalescer({
      coordination: createMemoryRefreshCoordination(),
      logger: quiet,
      rebuild: async () => {
        rebuilds += 1;
      },
      onRebuilt: (seconds) => durations.push(seconds),
    });
    await coalescer.request();
    expect(rebuilds).toBe(1);
    await coalescer.request();
    expect(rebuilds).toBe(2);
    expect(durations).toHaveLength(2);
    for (const seconds of durations) expect(seconds).toBeGreaterThanOrEqual(0);
  });

  it("logs a failed rebuild, keeps the rankings stale and tries again", async () => {
    const warnings: string[] = [];
    const succeeded = gate();
    let attempts = 0;
    const coordination = createMemoryRefreshCoordination();
    const coalescer = createRankingsCoalescer({
      coordination,
      logger: { warn: (_: unknown, message?: string) => warnings.push(message ?? "") },
      leaseMs: 20,
      rebuild: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("database down");
        succeeded.open();
      },
    });
    await coalescer.request();
    expect(warnings).toEqual(["rankings rebuild failed"]);
    expect(await coordination.progress()).toEqual({ requested: 1, rebuilt: 0 });

    await succeeded.opened;
    await coalescer.idle();
    expect(await coordination.progress()).toEqual({ requested: 1, rebuilt: 1 });
    await coalescer.close();
  });

  it("once closed, answers requests at once and rebuilds nothing", async () => {
    let rebuilds = 0;
    const coalescer = createRankingsCoalescer({
      coordination: createMemoryRefreshCoordination(),
      logger: quiet,
      rebuild: async () => {
        rebuilds += 1;
      },
    });
    await coalescer.close();
    await coalescer.request();
    expect(rebuilds).toBe(0);
  });
});

describe("refresh coordination in memory", () => {
  it("lets a lock lapse at the end of its lease, and the late holder learns it lost it", async () => {
    let now = 0;
    const coordination = createMemoryRefreshCoordination(() => now);
    await coordination.request();
    expect(await coordination.acquire("a", 100)).toEqual({ acquired: true });
    now = 40;
    expect(await coordination.acquire("b", 100)).toEqual({ acquired: false, retryInMs: 60 });
    expect(await coordination.renew("a", 100)).toBe(true);
    now = 139;
    expect((await coordination.acquire("b", 100)).acquired).toBe(false);
    now = 141;
    expect(await coordination.acquire("b", 100)).toEqual({ acquired: true });
    expect(await coordination.finishRound("a", 100, 1)).toBe("lost");
    expect(await coordination.finishRound("b", 100, 0)).toBe("released");
    expect(await coordination.progress()).toEqual({ requested: 1, rebuilt: 1 });
  });

  it("keeps the lock for a request made between the holder's read and its release", async () => {
    const coordination = createMemoryRefreshCoordination();
    await coordination.request();
    expect(await coordination.acquire("a", 1000)).toEqual({ acquired: true });
    const { requested } = await coordination.progress();
    await coordination.request();
    expect((await coordination.acquire("b", 1000)).acquired).toBe(false);
    expect(await coordination.finishRound("a", 1000, requested)).toBe("again");
    expect(await coordination.finishRound("a", 1000, 2)).toBe("released");
  });
});

describe("rankings coalescer with a gap between rebuilds", () => {
  it("spaces rebuild starts by the gap, and mark() returns before the rebuild it asks for", async () => {
    const starts: number[] = [];
    let rebuilding = gate();
    const coalescer = createRankingsCoalescer({
      coordination: createMemoryRefreshCoordination(),
      logger: quiet,
      minGapMs: 150,
      rebuild: async () => {
        starts.push(performance.now());
        rebuilding.open();
      },
    });
    // The first mark resolves once stored; its rebuild comes after.
    await coalescer.mark();
    await rebuilding.opened;
    for (let i = 0; i < 5; i += 1) {
      rebuilding = gate();
      await coalescer.mark();
      await rebuilding.opened;
    }
    await coalescer.idle();
    expect(starts).toHaveLength(6);
    for (let i = 1; i < starts.length; i += 1) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(145);
    }
  });

  it("merges the marks made during a gap into one rebuild", async () => {
    let rebuilds = 0;
    const coalescer = createRankingsCoalescer({
      coordination: createMemoryRefreshCoordination(),
      logger: quiet,
      minGapMs: 200,
      rebuild: async () => {
        rebuilds += 1;
      },
    });
    await coalescer.mark();
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 20; i += 1) await coalescer.mark();
    await coalescer.idle();
    expect(rebuilds).toBe(2);
  });
});
