import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/services";
import { competitionReveals, createRevealsRepository, loadRankingInputs, users } from "../src";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

async function organizer(name: string): Promise<string> {
  const [row] = await database.handle.db
    .insert(users)
    .values({
      email: `${name}@example.org`,
      username: name,
      firstName: "Ada",
      lastName: "Lovelace",
      passwordHash: null,
      adminAccess: true,
    })
    .returning({ id: users.id });
  return row!.id;
}

describe("the reveal record", () => {
  it("is none before, one after; organizers revealing at once record one reveal", async () => {
    const reveals = createRevealsRepository({ db: database.handle.db });
    expect(await reveals.current()).toBeNull();
    expect((await loadRankingInputs(database.handle.db)).revealed).toBe(false);

    const [first, second] = [await organizer("first"), await organizer("second")];
    const outcomes = await Promise.all([reveals.reveal(first), reveals.reveal(second)]);
    expect(outcomes.filter((o) => o.created)).toHaveLength(1);
    expect(outcomes[0]!.record).toEqual(outcomes[1]!.record);
    const rows = await database.handle.db.select().from(competitionReveals);
    expect(rows).toHaveLength(1);

    const current = await reveals.current();
    expect(current).toEqual(outcomes[0]!.record);
    expect([first, second]).toContain(current!.revealedBy!.id);
    expect((await loadRankingInputs(database.handle.db)).revealed).toBe(true);
    // Later reveals answer the first record.
    const again = await reveals.reveal(second);
    expect(again).toEqual({ record: current, created: false });
  });
});
