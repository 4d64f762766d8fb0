import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/services";
import { auditLog } from "../src";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

describe("the audit log", () => {
  it("takes new entries and refuses every change to them, even straight through SQL", async () => {
    const { db } = database.handle;
    const [entry] = await db
      .insert(auditLog)
      .values({
        actorEmail: "organizer@example.org",
        action: "team.disqualify",
        targetType: "team",
      })
      .returning();
    for (const change of [
      sql`update audit_log set action = 'team.reinstate'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const refusal = await db.execute(change).then(
        () => null,
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
      expect(refusal).toMatch(/^audit_log is append-only: (UPDATE|DELETE|TRUNCATE) refused$/);
    }
    expect(await db.select().from(auditLog)).toEqual([entry]);
  });
});
