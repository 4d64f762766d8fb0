import { submissions } from "@tandem/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuth,
  buildTestApp,
  createTeam,
  endMainPhase,
  newMember,
  type TestApp,
} from "./helper";

/** Issue 33: the console's submissions-per-hour chart, counted in Postgres. */
const URL = "/api/admin/stats/submissions-per-hour";
const HOUR = 3_600_000;

let t: TestApp;
let admin: { authorization: string };
let participant: { authorization: string };
let teamId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAuth(t.app);
  const member = await newMember(t.app, "hourly");
  participant = member.auth;
  teamId = (await createTeam(t.app, member, "hourly-senders")).id;
});
afterAll(async () => t?.close());

const db = () => t.database.handle.db;

/** `count` submissions of the team made at `at`. */
async function insertAt(at: Date, count: number, tag: string) {
  await db()
    .insert(submissions)
    .values(
      Array.from({ length: count }, (_, i) => ({
        teamId,
        challengeKey: "healthcare/1",
        status: i % 2 ? ("failed" as const) : ("scored" as const),
        predictions: Buffer.from("x"),
        payloadHash: `${tag}-${i}`,
        rowCount: 1,
        metricName: "Macro-F1",
        counted: true,
        createdAt: at,
      })),
    );
}

interface Answer {
  from: string;
  to: string;
  total: number;
  hours: { hour: string; submissions: number }[];
}

async function perHour(): Promise<Answer> {
  const response = await t.app.inject({ method: "GET", url: URL, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Answer;
}

describe("GET /api/admin/stats/submissions-per-hour", () => {
  it("answers 401 without a session and 403 to a participant", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: URL });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("auth.required");
    const denied = await t.app.inject({ method: "GET", url: URL, headers: participant });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe("auth.admin_required");
    expect(denied.body).not.toContain("hours");
  });

  it("counts each UTC hour since the window opened, empty hours as 0, the current hour last", async () => {
    // The test app's window opened 24 hours ago: 25 hours are listed, not 48.
    const currentHour = Math.floor(Date.now() / HOUR) * HOUR;
    await insertAt(new Date(currentHour), 2, "now");
    await insertAt(new Date(currentHour - HOUR + 59 * 60_000), 3, "last-hour");
    await insertAt(new Date(currentHour - 30 * HOUR), 4, "before-opening");
    const answer = await perHour();
    const config = (await t.app.inject({ method: "GET", url: "/api/config/public" })).json() as {
      competition: { opens_at: string };
    };
    const openedHour = Math.floor(Date.parse(config.competition.opens_at) / HOUR) * HOUR;
    expect(answer.hours).toHaveLength((currentHour - openedHour) / HOUR + 1);
    expect(answer.from).toBe(new Date(openedHour).toISOString());
    expect(answer.to).toBe(new Date(currentHour + HOUR).toISOString());
    expect(answer.hours.at(-1)).toEqual({
      hour: new Date(currentHour).toISOString(),
      submissions: 2,
    });
    expect(answer.hours.at(-2)).toEqual({
      hour: new Date(currentHour - HOUR).toISOString(),
      submissions: 3,
    });
    // Hours in order, one apart, every one listed.
    answer.hours.forEach((entry, i) => {
      expect(Date.parse(entry.hour)).toBe(openedHour + i * HOUR);
    });
    expect(answer.total).toBe(5);
    expect(answer.hours.filter((entry) => entry.submissions > 0)).toHaveLength(2);
  });

  it("lists the last 48 hours once the window opened earlier than that", async () => {
    await endMainPhase(t); // opened two days ago
    // The settings are cached for about a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const currentHour = Math.floor(Date.now() / HOUR) * HOUR;
    await insertAt(new Date(currentHour - 60 * HOUR), 6, "too-old");
    const answer = await perHour();
    expect(answer.hours).toHaveLength(48);
    expect(answer.from).toBe(new Date(currentHour - 47 * HOUR).toISOString());
    const earlier = answer.hours.find(
      (entry) => entry.hour === new Date(currentHour - 30 * HOUR).toISOString(),
    );
    expect(earlier?.submissions).toBe(4);
    expect(answer.total).toBe(2 + 3 + 4);
  });

  it("answers quickly at 45,000 submissions, all inside the 48 hours", async () => {
    const currentHour = Math.floor(Date.now() / HOUR) * HOUR;
    // The worst case: all 45,000 inside the range, spread over its 47 finished hours.
    await db().execute(sql`
      insert into submissions (team_id, challenge_key, status, predictions, payload_hash, row_count, metric_name, counted, created_at)
      select ${teamId}::uuid, 'healthcare/2', 'scored', '\\x00'::bytea, 'bulk-' || n, 1, 'Macro-F1', true,
        ${new Date(currentHour - 47 * HOUR).toISOString()}::timestamptz + (n % 47) * interval '1 hour' + interval '1 minute'
      from generate_series(1, 45000) as n
    `);
    await db().execute(sql`analyze submissions`);
    await perHour(); // warm
    const started = performance.now();
    const answer = await perHour();
    const elapsed = performance.now() - started;
    expect(answer.total).toBe(45_000 + 9);
    const busiest = Math.max(...answer.hours.map((entry) => entry.submissions));
    expect(busiest).toBeGreaterThanOrEqual(Math.floor(45_000 / 47));
    // Tens of milliseconds on this machine; a generous bound so a busy machine does not fail it.
    expect(elapsed).toBeLessThan(1_000);
    console.log(`submissions-per-hour at 45,009 submissions: ${elapsed.toFixed(1)} ms`);
  });
});
