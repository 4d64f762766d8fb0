import type { Challenge } from "@tandem/competition";
import { createTestSet, type TestSet } from "./test-set";

export interface StoredTestSetLike {
  stamp: number;
  ids: readonly string[];
  items?: readonly string[];
  digest: string;
}

export interface TestSetSource {
  /** A version that changes whenever the stored test set changes (the answers' version). */
  stamp(challengeKey: string): Promise<number | undefined>;
  load(challengeKey: string): Promise<StoredTestSetLike | undefined>;
}

/** A test set with the answers' version it belongs to. */
export type VersionedTestSet = TestSet & { version: number };

/**
 * Public test sets per challenge, kept while the source's stamp is unchanged (one cheap look-up
 * per call), as the answers cache does for answers. A stored digest that is not the digest of
 * the stored ids is refused: forms aligned to it would be scored against the wrong rows.
 */
export function createTestSetCache(source: TestSetSource) {
  const cache = new Map<string, VersionedTestSet>();
  return async function getTestSet(challenge: Challenge): Promise<VersionedTestSet | undefined> {
    const stamp = await source.stamp(challenge.key);
    if (stamp === undefined) return undefined;
    const cached = cache.get(challenge.key);
    if (cached?.version === stamp) return cached;
    const loaded = await source.load(challenge.key);
    if (!loaded) return undefined;
    const testSet = createTestSet({
      ids: loaded.ids,
      ...(challenge.target.kind === "ranking" ? { items: loaded.items ?? [] } : {}),
    });
    if (testSet.digest !== loaded.digest) {
      throw new Error(
        `The stored test set of ${challenge.key} (version ${loaded.stamp}) does not match its digest`,
      );
    }
    const versioned = { ...testSet, version: loaded.stamp };
    cache.set(challenge.key, versioned);
    return versioned;
  };
}
export type TestSetLookup = ReturnType<typeof createTestSetCache>;
