import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/services";
import { loadRankingInputs, submissions, teams } from "../src";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

describe("ranking inputs", () => {
  it("rank only live, active, qualified teams, and only their results weigh", async () => {
    const { db } = database.handle;
    const states = {
      ranked: { status: "active" as const },
      deactivated: { status: "inactive" as const },
      disqualified: {
        status: "active" as const,
        disqualifiedAt: new Date(),
        disqualificationReason: "x",
      },
      dissolved: { status: "active" as const, deletedAt: new Date() },
    };
    const ids: Record<string, string> = {};
    for (const [name, state] of Object.entries(states)) {
      const [row] = await db
        .insert(teams)
        .values({ name, apiKeyHash: name, apiKeyEncrypted: name, ...state })
        .returning({ id: teams.id });
      ids[name] = row!.id;
      await db.insert(submissions).values({
        teamId: row!.id,
        challengeKey: "retail-banking/1",
        status: "scored",
        predictions: gzipSync("x"),
        payloadHash: name,
        rowCount: 1,
        metricName: "Macro-F1",
        metricValue: 0.5,
        counted: true,
      });
    }
    const inputs = await loadRankingInputs(db);
    expect(inputs.teams.map((team) => team.id)).toEqual([ids.ranked]);
    expect(inputs.results.map((result) => result.teamId)).toEqual([ids.ranked]);
  });
});
