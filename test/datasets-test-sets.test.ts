import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { challengeByKey } from "@tandem/competition/server";
import { fillTestSets, generateDatasets } from "@tandem/datasets";
import { challengeAnswers, createTestSetStore, testSets } from "@tandem/db";
import { createTestSetCache, parseAnswers, testSetOfAnswers } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./support/services";

// The public test sets (ADR 0021): written with the answers, filled for answers loaded before.
describe("public test sets", () => {
  let database: TestDatabase;
  let staticDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    staticDir = await mkdtemp(join(tmpdir(), "tandem-test-sets-"));
    await generateDatasets({
      db: database.handle.db,
      staticDir,
      seed: "test-sets-seed",
      scale: 0.002,
      domains: ["retail-banking", "commerce"],
    });
  });
  afterAll(async () => {
    await database?.drop();
    if (staticDir) await rm(staticDir, { recursive: true, force: true });
  });

  it("stores each challenge's sorted ids and items with the answers' version and digest", async () => {
    const db = database.handle.db;
    const answerRows = await db.select().from(challengeAnswers);
    expect(answerRows.length).toBeGreaterThan(0);
    const getTestSet = createTestSetCache(createTestSetStore({ db }));
    let rankings = 0;
    for (const row of answerRows) {
      const challenge = challengeByKey(row.challengeKey)!;
      const answers = parseAnswers(gunzipSync(row.answers).toString("utf8"), challenge, {
        ...(row.eligibleItems ? { eligibleItems: row.eligibleItems } : {}),
      });
      const expected = testSetOfAnswers(answers);
      const stored = await getTestSet(challenge);
      expect(stored?.version).toBe(row.version);
      expect(stored?.digest).toBe(expected.digest);
      expect(stored?.ids).toEqual(expected.ids);
      expect([...(stored?.ids ?? [])]).toEqual([...answers.table.ids].sort());
      if (challenge.target.kind === "ranking") {
        rankings++;
        expect(stored?.items).toEqual([...(row.eligibleItems ?? [])].sort());
      }
    }
    expect(rankings).toBeGreaterThan(0);
  });

  it("fills test sets missing or of an older version, and only those", async () => {
    const db = database.handle.db;
    const [first, second] = await db.select().from(testSets).orderBy(testSets.challengeKey);
    await db.delete(testSets).where(eq(testSets.challengeKey, first!.challengeKey));
    await db
      .update(testSets)
      .set({ version: second!.version - 1, digest: "0".repeat(64) })
      .where(eq(testSets.challengeKey, second!.challengeKey));
    expect((await fillTestSets(db)).sort()).toEqual(
      [first!.challengeKey, second!.challengeKey].sort(),
    );
    const after = await db.select().from(testSets).orderBy(testSets.challengeKey);
    expect(after[0]).toMatchObject({ version: first!.version, digest: first!.digest });
    expect(after[1]).toMatchObject({ version: second!.version, digest: second!.digest });
    expect(await fillTestSets(db)).toEqual([]);
  });

  it("refuses a stored test set whose digest is not its ids'", async () => {
    const db = database.handle.db;
    const [row] = await db.select().from(testSets).limit(1);
    await db
      .update(testSets)
      .set({ digest: "f".repeat(64), version: row!.version + 1 })
      .where(eq(testSets.challengeKey, row!.challengeKey));
    const getTestSet = createTestSetCache(createTestSetStore({ db }));
    await expect(getTestSet(challengeByKey(row!.challengeKey)!)).rejects.toThrow(/digest/);
  });
});
