import { gunzipSync, gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { challengeVersion } from "./challenge-version";
import type { Database } from "./client";
import { testSets } from "./schema";

/** A challenge's public test set as stored (ADR 0021): what the gateway validates files against. */
export interface StoredTestSet {
  /** The answers' version these ids are the ids of. */
  stamp: number;
  /** The test ids in `idKey` form, sorted by UTF-16 code unit. */
  ids: string[];
  /** Ranking challenges: the eligible items, sorted the same way. */
  items?: string[];
  digest: string;
}

/** The stored form of a test set's ids: one JSON string a line (no id can forge a line), gzipped. */
export function encodeTestSetIds(ids: readonly string[]): Buffer {
  return gzipSync(ids.map((id) => JSON.stringify(id)).join("\n"));
}

export function decodeTestSetIds(bytes: Uint8Array): string[] {
  const text = gunzipSync(bytes).toString("utf8");
  return text === "" ? [] : text.split("\n").map((line) => JSON.parse(line) as string);
}

/**
 * Reads public test sets; shaped as `@tandem/scoring`'s TestSetSource (the stamp is the version).
 * It touches no hidden table: the gateway's database role has no privilege on the answers.
 */
export function createTestSetStore({ db }: { db: Database }) {
  return {
    stamp: (challengeKey: string) => challengeVersion(db, testSets, challengeKey),
    async load(challengeKey: string): Promise<StoredTestSet | undefined> {
      const [row] = await db.select().from(testSets).where(eq(testSets.challengeKey, challengeKey));
      if (!row) return undefined;
      return {
        stamp: row.version,
        ids: decodeTestSetIds(row.ids),
        ...(row.items ? { items: row.items } : {}),
        digest: row.digest,
      };
    },
  };
}
