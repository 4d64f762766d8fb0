import { createDatabase, type DatabaseHandle } from "@tandem/db";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loginAs } from "../../../test/support/database-roles";
import { createTestDatabase, type TestDatabase } from "../../../test/support/services";
import { checkAnswerFreeRole } from "../src/lib/answer-free-role";

let database: TestDatabase;
let gateway: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  gateway = await createDatabase({
    databaseUrl: await loginAs(database, "tandem_gateway"),
    poolSize: 1,
  });
});
afterAll(async () => {
  await gateway?.close();
  await database?.drop();
});

const logger = () => ({ error: vi.fn(), fatal: vi.fn() });

describe("the gateway's start check (ADR 0021)", () => {
  it("refuses on the owner's role with REQUIRE_ANSWER_FREE_ROLE=true", async () => {
    const log = logger();
    const db = database.handle.db;
    expect(await checkAnswerFreeRole({ db, required: true, logger: log })).toBe(false);
    expect(log.fatal).toHaveBeenCalledWith(expect.stringMatching(/can read challenge_answers/));
  });

  it("only logs the error on the owner's role without it", async () => {
    const log = logger();
    const db = database.handle.db;
    expect(await checkAnswerFreeRole({ db, required: false, logger: log })).toBe(true);
    expect(log.error).toHaveBeenCalledOnce();
    expect(log.fatal).not.toHaveBeenCalled();
  });

  it("passes quietly as tandem_gateway", async () => {
    const log = logger();
    expect(await checkAnswerFreeRole({ db: gateway.db, required: true, logger: log })).toBe(true);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.fatal).not.toHaveBeenCalled();
  });
});
