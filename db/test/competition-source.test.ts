import { withMainWindow } from "@tandem/competition";
import { activeCompetition, defaultDefinition } from "@tandem/competition/server";
import { createCompetitionSource } from "@tandem/jobs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/services";
import { competitionSettings, createCompetitionVersions } from "../src";

/** Issue 29: each process's view of the active definition (docs/adr/0014). */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

const db = () => database.handle.db;
const saveVersion = (version: number, edition: string) => {
  const definition = structuredClone(defaultDefinition());
  definition.identity.edition = edition;
  return createCompetitionVersions({ db: db() }).insert(db(), {
    version,
    definition,
    changes: [`edition ${edition}`],
    source: "console",
    createdBy: null,
    createdByEmail: null,
  });
};

describe("the competition source", () => {
  it("serves the default edition until a version is stored, then the newest, within its cache's life", async () => {
    let clock = 0;
    const source = createCompetitionSource({ db: db(), now: () => clock });
    expect((await source.current()).version).toBe(0);
    expect(await saveVersion(1, "2026")).toBe(true);
    // The cached read stands for a second; then the newest version is in force everywhere.
    expect((await source.current()).version).toBe(0);
    clock += 1001;
    const snapshot = await source.current();
    expect([snapshot.version, snapshot.stored.identity.edition]).toEqual([1, "2026"]);
    // It is the process's active competition.
    expect(activeCompetition().definition.identity.edition).toBe("2026");
    // Two writers from the same base: one version 2.
    expect(await saveVersion(2, "2027")).toBe(true);
    expect(await saveVersion(2, "2028")).toBe(false);
    source.invalidate();
    expect((await source.current()).stored.identity.edition).toBe("2027");
  });

  it("applies the environment's window over the stored one, and the settings row's over both", async () => {
    const environment = {
      opensAt: new Date("2026-11-23T06:00:00Z"),
      closesAt: new Date("2026-11-30T05:59:00Z"),
    };
    const source = createCompetitionSource({ db: db(), environment });
    const fromEnv = await source.current();
    expect(fromEnv.competition.window).toEqual(environment);
    expect(fromEnv.overrides).toEqual({ opens_at: "environment", closes_at: "environment" });
    expect(fromEnv.stored.phases[0]?.ends_at).toBe(defaultDefinition().phases[0]?.ends_at);
    const closesAt = new Date("2026-12-02T05:59:00Z");
    await db().insert(competitionSettings).values({ id: 1, closesAt });
    source.invalidate();
    const fromSettings = await source.current();
    expect(fromSettings.competition.window).toEqual({ opensAt: environment.opensAt, closesAt });
    expect(fromSettings.baseWindow).toEqual(environment);
    expect(fromSettings.overrides).toEqual({ opens_at: "environment", closes_at: "settings" });
    expect(fromSettings.competition.timeline[2]).toEqual({
      date: "December 1, 2026",
      event: "Submission deadline",
    });
    expect(withMainWindow(fromSettings.stored, {}).phases).toEqual(fromSettings.stored.phases);
  });

  it("keeps the last definition read when the database is away, and fails only with none", async () => {
    let clock = 0;
    const other = await createTestDatabase();
    const stale: unknown[] = [];
    const source = createCompetitionSource({
      db: other.handle.db,
      now: () => clock,
      onStale: (err) => stale.push(err),
    });
    const before = await source.current();
    await other.drop();
    clock += 5000;
    expect(await source.current()).toBe(before);
    expect(stale).toHaveLength(1);
    const never = createCompetitionSource({ db: other.handle.db });
    await expect(never.current()).rejects.toThrow();
  });
});
