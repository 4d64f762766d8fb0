import { gzipSync } from "node:zlib";
import { challengeAnswers, challengeBaselines, submissions } from "@tandem/db";
import { parseCsvRows } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuth,
  buildTestApp,
  activeTeam as createActiveTeam,
  signUp,
  type TestApp,
} from "./helper";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SUBMISSIONS_PER_DAY: "3" });
});
afterAll(async () => {
  await t?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);

const activeTeam = (name: string) => createActiveTeam(t.app, name);

/** A valid file for Retail Banking challenge 1 whose labels vary with `variant`. */
async function predictions(variant: number): Promise<string> {
  const ids = parseCsvRows(
    (await inject({ url: "/static/retail-banking/sample_submission_c1.csv" })).body,
  )
    .slice(1)
    .map((row) => row[0]!);
  return `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${i % (variant + 2) === 0 ? 1 : 0}`).join("\n")}\n`;
}

const submit = (key: string, csv: string) =>
  inject({
    method: "POST",
    url: "/api/submit",
    headers: { "x-api-key": key },
    payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: csv },
  });

describe("daily submission limit", () => {
  it("answers 429 with the reset time once the day's submissions are used, never overshooting", async () => {
    const team = await activeTeam("limited");
    const files = await Promise.all([0, 1, 2, 3, 4].map(predictions));
    const results = await Promise.all(files.map((csv) => submit(team.api_key, csv)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = results.find((r) => r.statusCode === 429)!;
    expect(limited.json().error).toMatch(
      /^Daily limit reached: 3 submissions per day for retail-banking\/1\. It resets at 00:00 UTC on \w+day, \w+ \d{1,2}, \d{4}\.$/,
    );
    // The time a client shows in its own zone: never in the sentence as a raw ISO string.
    expect(limited.json().error).not.toMatch(/\d{4}-\d\d-\d\dT/);
    const details = limited.json().details;
    expect(details).toMatchObject({ daily_limit: 3, used_today: 3 });
    expect(details.resets_at).toMatch(/^\d{4}-\d\d-\d\dT00:00:00\.000Z$/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    const rows = await t.database.handle.db
      .select()
      .from(submissions)
      .where(eq(submissions.teamId, team.id));
    expect(rows).toHaveLength(3);
  });

  it("does not count submissions the platform failed to score", async () => {
    const team = await activeTeam("unlucky");
    for (const variant of [0, 1, 2])
      expect((await submit(team.api_key, await predictions(variant))).statusCode).toBe(200);
    expect((await submit(team.api_key, await predictions(3))).statusCode).toBe(429);
    const [first] = await t.database.handle.db
      .select()
      .from(submissions)
      .where(eq(submissions.teamId, team.id));
    await t.database.handle.db
      .update(submissions)
      .set({ status: "failed" })
      .where(eq(submissions.id, first!.id));
    expect((await submit(team.api_key, await predictions(3))).statusCode).toBe(200);
  });
});

describe("submission history", () => {
  it("lists the team's own submissions, newest first, filtered by domain", async () => {
    const team = await activeTeam("historians");
    const other = await activeTeam("strangers");
    await submit(team.api_key, await predictions(0));
    await submit(team.api_key, await predictions(1));
    await submit(other.api_key, await predictions(0));
    const history = await inject({
      url: "/api/submissions/history?limit=10",
      headers: { "x-api-key": team.api_key },
    });
    const items = history.json().submissions as {
      created_at: string;
      domain: string;
      challenge: number;
      status: string;
    }[];
    expect(items).toHaveLength(2);
    expect(items[0]!.created_at >= items[1]!.created_at).toBe(true);
    expect(items[0]).toMatchObject({ domain: "Retail Banking", challenge: 1, status: "scored" });
    const filtered = await inject({
      url: "/api/submissions/history?domain=Healthcare",
      headers: { "x-api-key": team.api_key },
    });
    expect(filtered.json().submissions).toEqual([]);
    const limited = await inject({
      url: "/api/submissions/history?limit=1&domain=retailbanking",
      headers: { "x-api-key": team.api_key },
    });
    expect(limited.json().submissions).toHaveLength(1);
    expect(
      (
        await inject({
          url: "/api/submissions/history?domain=Nowhere",
          headers: { "x-api-key": team.api_key },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await inject({
          url: "/api/submissions/history?limit=0",
          headers: { "x-api-key": team.api_key },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe("leaderboard cache", () => {
  it("serves rankings written when scores land, without recomputing on read", async () => {
    // This deployment's baseline for the challenge, as data:generate stores it.
    const [answers] = await t.database.handle.db
      .select()
      .from(challengeAnswers)
      .where(eq(challengeAnswers.challengeKey, "retail-banking/1"));
    await t.database.handle.db.insert(challengeBaselines).values({
      challengeKey: "retail-banking/1",
      source: "notebook",
      predictions: gzipSync("TxnID,FraudLabel\n"),
      metricValue: 0.4321,
      answersVersion: answers!.version,
    });
    const team = await activeTeam("cached-team");
    expect((await submit(team.api_key, await predictions(0))).statusCode).toBe(200);
    const admin = await adminAuth(t.app);
    const read = async () =>
      (
        (await inject({ url: "/api/leaderboard", headers: admin })).json().leaderboard as {
          team_name: string;
          valid_submissions_total: number;
        }[]
      ).find((row) => row.team_name === "cached-team");
    expect(await read()).toMatchObject({ valid_submissions_total: 1 });
    // Changing the truth behind the cache's back does not show until the next score lands.
    await t.database.handle.db.delete(submissions).where(eq(submissions.teamId, team.id));
    expect(await read()).toMatchObject({ valid_submissions_total: 1 });
    expect((await submit(team.api_key, await predictions(1))).statusCode).toBe(200);
    expect(await read()).toMatchObject({ valid_submissions_total: 1 });
    const domain = await inject({ url: "/api/leaderboard/domain/retail-banking", headers: admin });
    const row = domain
      .json()
      .leaderboard.find((r: { team_name: string }) => r.team_name === "cached-team");
    expect(row.challenges["retail-banking/1"]).toMatchObject({
      metric_name: "Macro-F1",
      beats_baseline: expect.any(Boolean),
    });
    expect(domain.json().baseline.challenges["retail-banking/1"].metric_value).toBe(0.4321);
    // The domain page's figure is the same one.
    const listed = (await inject({ url: "/api/competition/domains" })).json().domains as {
      slug: string;
      challenges: { key: string; baseline: number | null }[];
    }[];
    const page = listed.find((d) => d.slug === "retail-banking")!.challenges;
    expect(page.find((c) => c.key === "retail-banking/1")!.baseline).toBe(0.4321);
    expect(page.find((c) => c.key === "retail-banking/2")!.baseline).toBeNull();
  });
});

describe("practice submissions", () => {
  it("scores submissions outside the competition window as practice and never ranks them", async () => {
    const closed = await buildTestApp({
      COMPETITION_OPENS_AT: "2025-10-18T00:01:00-05:00",
      COMPETITION_CLOSES_AT: "2025-10-26T23:59:00-05:00",
    });
    try {
      const user = await signUp(closed.app, "practice@example.org");
      const created = await closed.app.inject({
        method: "POST",
        url: "/api/teams/create",
        headers: user.auth,
        payload: { team_name: "practisers" },
      });
      const team = created.json().team as { id: string; api_key: string };
      await closed.app.inject({
        method: "POST",
        url: "/api/competition/start",
        headers: { ...(await adminAuth(closed.app)), "x-team-id": team.id },
      });
      const ids = (
        await closed.app.inject({ url: "/static/retail-banking/sample_submission_c1.csv" })
      ).body;
      const response = await closed.app.inject({
        method: "POST",
        url: "/api/submit",
        headers: { "x-api-key": team.api_key },
        payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: ids },
      });
      expect(response.json()).toMatchObject({ success: true, counted: false, status: "scored" });
      expect(response.json().score).toEqual(expect.any(Number));
      const board = await closed.app.inject({
        url: "/api/leaderboard",
        headers: await adminAuth(closed.app),
      });
      expect(board.json().leaderboard).toEqual([
        expect.objectContaining({
          team_name: "practisers",
          total_score: 0,
          valid_submissions_total: 0,
        }),
      ]);
    } finally {
      await closed.close();
    }
  });
});
