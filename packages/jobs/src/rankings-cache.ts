import {
  createMemoryRefreshCoordination,
  createRedisRefreshCoordination,
  type RefreshCoordination,
} from "./rankings-coordination";

/**
 * Where the rankings live between a score landing and a leaderboard read: pre-serialized
 * response bodies, so a read is one key look-up and never a recomputation. The store is
 * injected (Redis in production, memory in embedded mode); this module opens nothing.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /**
   * Writes all entries at once, and only if `version` is newer than the one stored under
   * `versionKey`: several workers refresh concurrently, and a snapshot computed from older
   * data must never overwrite a newer one.
   */
  setManyIfNewer(
    versionKey: string,
    version: number,
    entries: [string, string][],
  ): Promise<boolean>;
  /** The rebuild coordination of the rankings stored under `prefix` (rankings-coordination.ts). */
  coordination(prefix: string): RefreshCoordination;
}

export interface RankingBodies {
  /** When the inputs were read (database clock, ms). */
  version: number;
  overall: string;
  domains: Record<string, string>;
}

export interface RankingsCacheOptions {
  /**
   * How long a version read from the store is believed (issue 36: a leaderboard read then costs
   * no round trip at all). 0 (the default): every read asks, or shares a question already asked.
   * A write through this cache forgets it, so this process always reads its own writes.
   */
  versionTtlMs?: number;
  now?: () => number;
}

export function createRankingsCache(
  store: KeyValueStore,
  prefix: string,
  options: RankingsCacheOptions = {},
) {
  const overallKey = `${prefix}:rankings:overall`;
  const versionKey = `${prefix}:rankings:version`;
  const domainKey = (slug: string) => `${prefix}:rankings:domain:${slug}`;
  const now = options.now ?? Date.now;
  const versionTtlMs = options.versionTtlMs ?? 0;
  // Reads that arrive while the version is being asked for share that question (a rush of reads
  // costs a round trip per answer, not per read); a write here starts a new epoch, so no read
  // after a write shares a question asked before it.
  let epoch = 0;
  let asked:
    | { epoch: number; at: number; version: Promise<string | null>; settled: boolean }
    | undefined;
  function currentVersion(): Promise<string | null> {
    const at = now();
    if (asked && asked.epoch === epoch && (!asked.settled || at - asked.at < versionTtlMs))
      return asked.version;
    const question = { epoch, at, version: store.get(versionKey), settled: false };
    asked = question;
    question.version.then(
      () => {
        question.settled = true;
      },
      () => {
        if (asked === question) asked = undefined;
      },
    );
    return question.version;
  }
  // Bodies are large (170 KB for 1,000 teams) and change rarely: a read asks the store only for
  // the version, and fetches the body again only when the version moved. Snapshots are written
  // all at once, so a body read after its version is at least that new.
  const local = new Map<string, { version: string; body: string }>();
  async function read(key: string): Promise<string | null> {
    const version = await currentVersion();
    if (version === null) return null;
    const kept = local.get(key);
    if (kept?.version === version) return kept.body;
    const body = await store.get(key);
    if (body === null) local.delete(key);
    else local.set(key, { version, body });
    return body;
  }
  return {
    /** Which process rebuilds these rankings next (rankings-coalescer.ts). */
    coordination: store.coordination(prefix),
    overall: () => read(overallKey),
    domain: (slug: string) => read(domainKey(slug)),
    /** True if written; false if a newer snapshot is already there. */
    async write(bodies: RankingBodies): Promise<boolean> {
      epoch++;
      asked = undefined;
      try {
        return await store.setManyIfNewer(versionKey, bodies.version, [
          [overallKey, bodies.overall],
          ...Object.entries(bodies.domains).map(([slug, body]): [string, string] => [
            domainKey(slug),
            body,
          ]),
        ]);
      } finally {
        // A question asked while this write was on its way may have had the old answer.
        epoch++;
        asked = undefined;
      }
    },
  };
}
export type RankingsCache = ReturnType<typeof createRankingsCache>;

export function createMemoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  const coordinations = new Map<string, RefreshCoordination>();
  return {
    coordination(prefix) {
      let coordination = coordinations.get(prefix);
      if (!coordination) {
        coordination = createMemoryRefreshCoordination();
        coordinations.set(prefix, coordination);
      }
      return coordination;
    },
    get: async (key) => values.get(key) ?? null,
    setManyIfNewer: async (versionKey, version, entries) => {
      if (Number(values.get(versionKey) ?? "-1") > version) return false;
      for (const [key, value] of entries) values.set(key, value);
      values.set(versionKey, String(version));
      return true;
    },
  };
}

// Compare-and-set in one step on the server: KEYS[1] is the version key, ARGV[1] the version,
// then key/value pairs.
const SET_IF_NEWER = `
local current = tonumber(redis.call('GET', KEYS[1]) or '-1')
if current > tonumber(ARGV[1]) then return 0 end
for i = 2, #ARGV, 2 do redis.call('SET', ARGV[i], ARGV[i + 1]) end
redis.call('SET', KEYS[1], ARGV[1])
return 1`;

/** Adapts an ioredis client (only `get` and `eval` are used). */
export function createRedisStore(redis: {
  get(key: string): Promise<string | null>;
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
}): KeyValueStore {
  return {
    coordination: (prefix) => createRedisRefreshCoordination(redis, prefix),
    get: (key) => redis.get(key),
    async setManyIfNewer(versionKey, version, entries) {
      const result = await redis.eval(SET_IF_NEWER, 1, versionKey, version, ...entries.flat());
      return result === 1;
    },
  };
}
