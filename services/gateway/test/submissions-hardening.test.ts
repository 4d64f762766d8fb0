import { MESSAGES } from "@tandem/contracts";
import { submissions } from "@tandem/db";
import { parseCsvRows } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeTeam, buildTestApp, type TestApp } from "./helper";

const SUBMIT_PER_TEAM = 10;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SUBMIT_PER_TEAM: String(SUBMIT_PER_TEAM) });
});
afterAll(async () => {
  await t?.close();
});

const submit = (apiKey: string, csv: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/submit",
    headers: { "x-api-key": apiKey, ...headers },
    payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: csv },
  });

async function validFile(): Promise<string> {
  const sample = await t.app.inject({ url: "/static/retail-banking/sample_submission_c1.csv" });
  const ids = parseCsvRows(sample.body)
    .slice(1)
    .map((row) => row[0]!);
  return `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${i % 3 === 0 ? 1 : 0}`).join("\n")}\n`;
}

describe("values quoted back from a submitted file", () => {
  it("answers a huge header with a small error", async () => {
    const team = await activeTeam(t.app, "long-header");
    const header = `TxnID,${"H".repeat(1_500_000)}`;
    const response = await submit(team.api_key, `${header}\nT1,1\n`);
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThan(2000);
    const body = response.json();
    expect(body.error).toBe(
      `Submission failed validation: Header must be exactly "TxnID,FraudLabel" (got "TxnID,${"H".repeat(94)}…")`,
    );
    expect(body.details.validation_errors).toEqual([
      `Header must be exactly "TxnID,FraudLabel" (got "TxnID,${"H".repeat(94)}…")`,
    ]);
  });

  it("answers huge ids and labels with a small error", async () => {
    const team = await activeTeam(t.app, "long-cells");
    const huge = "V".repeat(400_000);
    const known = (await validFile()).split("\n")[1]!.split(",")[0]!;
    const csv = `TxnID,FraudLabel\n${huge}a,1\n${huge}b,1\n${huge}c,1\n${known},${huge}\n`;
    const response = await submit(team.api_key, csv);
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThan(4000);
    const errors = response.json().details.validation_errors as string[];
    const cut = `${"V".repeat(100)}…`;
    expect(errors).toContain(
      `Id not in the test set: row 2 (${cut}); row 3 (${cut}); row 4 (${cut})`,
    );
    expect(errors).toContain(`FraudLabel must be one of 0, 1: row 5 has "${cut}"`);
  });
});

describe("per-team limit on /api/submit", () => {
  it("counts every call, invalid files included, and then answers 429 with Retry-After", async () => {
    const team = await activeTeam(t.app, "noisy");
    const other = await activeTeam(t.app, "quiet");
    for (let i = 0; i < SUBMIT_PER_TEAM; i++) {
      expect((await submit(team.api_key, "TxnID,Nope\nT1,1\n")).statusCode).toBe(400);
    }
    const limited = await submit(team.api_key, await validFile());
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(0);
    expect(limited.json().error).toBe(MESSAGES.rateLimited(seconds));
    // Another team's budget is its own; callers without a valid key spend no team's budget.
    expect((await submit(other.api_key, "TxnID,Nope\nT1,1\n")).statusCode).toBe(400);
    expect((await submit("tdm_wrong", "TxnID,Nope\n")).statusCode).toBe(401);
    const rows = await t.database.handle.db
      .select()
      .from(submissions)
      .where(eq(submissions.teamId, team.id));
    expect(rows).toHaveLength(0);
  });
});

describe("identical retries without an Idempotency-Key", () => {
  it("stores one submission however many arrive at once", async () => {
    const team = await activeTeam(t.app, "eager-retrier");
    const csv = await validFile();
    const responses = await Promise.all(Array.from({ length: 8 }, () => submit(team.api_key, csv)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ids = new Set(responses.map((response) => response.json().submission_id));
    expect(ids.size).toBe(1);
    const rows = await t.database.handle.db
      .select()
      .from(submissions)
      .where(eq(submissions.teamId, team.id));
    expect(rows.map((row) => row.id)).toEqual([...ids]);
  });
});

// Issue 31, finding 2: a deep body is answered with a 400 naming the problem, read on a thread.
describe("a body nested deeper than any /submit body needs", () => {
  it("is refused with request.invalid, and a body at 32 levels is answered by the schema", async () => {
    const team = await activeTeam(t.app, "deep-body");
    const send = (taskNumber: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/submit",
        headers: { "x-api-key": team.api_key, "content-type": "application/json" },
        payload: `{"domain_name":"Retail Banking","task_number":${taskNumber},"predictions_csv":"a"}`,
      });
    const deep = await send(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ code: "request.invalid" });
    expect(deep.json().error).toContain("32 levels");
    // 31 levels inside the body's own: the schema's own answer on task_number.
    const shallow = await send(`${"[".repeat(31)}${"]".repeat(31)}`);
    expect(shallow.statusCode).toBe(400);
    expect(shallow.json().details.fields).toHaveProperty("task_number");
  });
});
