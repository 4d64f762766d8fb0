import { describe, expect, it } from "vitest";
import { createMemoryStore, createRankingsCache } from "../src";

const bodies = (version: number, label: string) => ({
  version,
  overall: JSON.stringify({ label }),
  domains: { food: JSON.stringify({ label }) },
});

describe("rankings cache", () => {
  it("keeps the newest snapshot when an older one is written after it", async () => {
    const cache = createRankingsCache(createMemoryStore(), "t");
    expect(await cache.write(bodies(200, "newer"))).toBe(true);
    expect(await cache.write(bodies(100, "older"))).toBe(false);
    expect(JSON.parse((await cache.overall())!)).toEqual({ label: "newer" });
    expect(JSON.parse((await cache.domain("food"))!)).toEqual({ label: "newer" });
    expect(await cache.write(bodies(300, "newest"))).toBe(true);
    expect(JSON.parse((await cache.overall())!)).toEqual({ label: "newest" });
  });

  it("fetches a body only when the snapshot version moved, across processes", async () => {
    const store = createMemoryStore();
    const reads: string[] = [];
    const counting = {
      ...store,
      get: (key: string) => {
        reads.push(key);
        return store.get(key);
      },
    };
    const reader = createRankingsCache(counting, "t");
    const writer = createRankingsCache(store, "t"); // another process, same store
    expect(await reader.overall()).toBeNull();
    await writer.write(bodies(100, "first"));
    expect(JSON.parse((await reader.overall())!)).toEqual({ label: "first" });
    expect(JSON.parse((await reader.overall())!)).toEqual({ label: "first" });
    expect(reads.filter((key) => key === "t:rankings:overall")).toHaveLength(1);
    await writer.write(bodies(200, "second"));
    expect(JSON.parse((await reader.overall())!)).toEqual({ label: "second" });
    expect(reads.filter((key) => key === "t:rankings:overall")).toHaveLength(2);
  });

  it("asks once for the version for reads that arrive while it is asked (issue 36)", async () => {
    const store = createMemoryStore();
    const asked: string[] = [];
    const counting = {
      ...store,
      get: (key: string) => {
        asked.push(key);
        return store.get(key);
      },
    };
    const cache = createRankingsCache(counting, "t");
    await cache.write(bodies(100, "first"));
    await Promise.all(Array.from({ length: 10 }, () => cache.overall()));
    expect(asked.filter((key) => key === "t:rankings:version")).toHaveLength(1);
    // Without a TTL, a read after the answer asks again.
    await cache.overall();
    expect(asked.filter((key) => key === "t:rankings:version")).toHaveLength(2);
  });

  it("believes a version for its TTL, except after a write of its own", async () => {
    const store = createMemoryStore();
    let clock = 0;
    const reader = createRankingsCache(store, "t", { versionTtlMs: 100, now: () => clock });
    const other = createRankingsCache(store, "t"); // another process
    await other.write(bodies(100, "first"));
    expect(JSON.parse((await reader.overall())!)).toEqual({ label: "first" });
    await other.write(bodies(200, "second"));
    clock = 99;
    expect(JSON.parse((await reader.overall())!)).toEqual({ label: "first" });
    clock = 100;
    expect(JSON.parse((await reader.overall())!)).toEqual({ label: "second" });
    // Its own write is read at once, whatever the TTL.
    await reader.write(bodies(300, "third"));
    expect(JSON.parse((await reader.overall())!)).toEqual({ label: "third" });
  });
});
