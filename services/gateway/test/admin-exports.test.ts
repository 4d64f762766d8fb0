import { gzipSync } from "node:zlib";
import { activeCompetition } from "@tandem/competition/server";
import {
  STANDINGS_EXPORT_COLUMNS,
  SUBMISSIONS_EXPORT_COLUMNS,
  TEAMS_EXPORT_COLUMNS,
} from "@tandem/contracts";
import {
  auditLog,
  challengeAnswers,
  challengeBaselines,
  submissions,
  teams,
  users,
} from "@tandem/db";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownExactly } from "../../../test/support/shown";
import {
  activeTeam,
  adminAuth,
  buildTestApp,
  createTeam,
  newMember,
  signUp,
  type TestApp,
} from "./helper";

/**
 * Issue 19: the organizers' CSV exports. On healthcare/1 (Macro-F1, baseline 0.8): blue 0.95,
 * a team renamed "=formula" 0.9, green 0.7 (below the baseline), red 0.6. Overall they rank
 * 1 to 4 (prizes go to the top ten); "idle" has no result and wins nothing; in Healthcare only
 * blue and =formula beat the baseline.
 */
let t: TestApp;
let admin: Record<string, string>;
const ids: Record<string, string> = {};
const CHALLENGE = "healthcare/1";
const SUBMISSIONS = 2300;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAuth(t.app);
  const db = t.database.handle.db;
  for (const name of ["formula", "blue", "green", "red", "cheat", "idle"]) {
    ids[name] = (await activeTeam(t.app, `export-${name}`)).id;
  }
  await db.update(teams).set({ name: "=formula" }).where(eq(teams.id, ids.formula!));
  await db
    .update(teams)
    .set({ disqualifiedAt: new Date(), disqualificationReason: "Shared answers" })
    .where(eq(teams.id, ids.cheat!));
  const creator = await signUp(t.app, "export-waiting@example.org");
  const waiting = await createTeam<{ id: string; invite_code: string }>(
    t.app,
    creator,
    "export-waiting",
  );
  ids.waiting = waiting.id;
  const joiner = await newMember(t.app, "export-joiner");
  await t.app.inject({
    method: "POST",
    url: "/api/teams/join",
    headers: joiner.auth,
    payload: { team_id: waiting.invite_code },
  });

  const [answers] = await db
    .select({ version: challengeAnswers.version })
    .from(challengeAnswers)
    .where(eq(challengeAnswers.challengeKey, CHALLENGE));
  await db.delete(challengeBaselines).where(eq(challengeBaselines.challengeKey, CHALLENGE));
  await db.insert(challengeBaselines).values({
    challengeKey: CHALLENGE,
    source: "notebook",
    predictions: gzipSync("patient_id,label\n"),
    metricValue: 0.8,
    privateMetricValue: 0.8,
    answersVersion: answers!.version,
  });

  const scores: [string, number][] = [
    ["blue", 0.95],
    ["formula", 0.9],
    ["green", 0.7],
    ["red", 0.6],
  ];
  const row = (team: string, i: number, value: number | null) => ({
    teamId: ids[team]!,
    challengeKey: CHALLENGE,
    status: value === null ? ("invalid" as const) : ("scored" as const),
    predictions: gzipSync("patient_id,label\n"),
    payloadHash: `export-${i}`,
    rowCount: 10,
    metricName: "Macro-F1",
    ...shownExactly(value),
    privateMetricValue: value,
    errorMessage: value === null ? "=1+1" : null,
    counted: true,
    note: i === 0 ? "@SUM(A1)" : null,
    createdAt: new Date(Date.now() - 3_600_000 + i * 1000),
    scoredAt: new Date(),
  });
  await db.insert(submissions).values(scores.map(([team, value], i) => row(team, i, value)));
  // Enough practice rows that the export takes several pages.
  for (let start = scores.length; start < SUBMISSIONS; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, SUBMISSIONS - start) }, (_, k) =>
      row("red", start + k, null),
    );
    await db.insert(submissions).values(batch);
  }
  await t.rankings.fresh();
});
afterAll(async () => t?.close());

async function download(name: string) {
  const response = await t.app.inject({ url: `/api/admin/exports/${name}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers["content-disposition"]).toBe(`attachment; filename="${name}"`);
  const parsed = Papa.parse<Record<string, string>>(response.body, {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed;
}

describe("GET /api/admin/exports/standings.csv", () => {
  it("lists the shown standings overall then per domain, with prize positions", async () => {
    const { meta, data } = await download("standings.csv");
    expect(meta.fields).toEqual([...STANDINGS_EXPORT_COLUMNS]);
    const overall = data.filter((row) => row.scope === "overall");
    expect(overall.slice(0, 4).map((row) => [row.team_name, row.rank, row.prize_position])).toEqual(
      [
        ["export-blue", "1", "1"],
        // A spreadsheet would run "=formula" as a formula: it comes out escaped.
        ["'=formula", "2", "2"],
        ["export-green", "3", "3"],
        ["export-red", "4", "4"],
      ],
    );
    // As the overall page, a team without a counted submission is not listed (nor ranked).
    expect(overall.some((row) => row.team_id === ids.idle)).toBe(false);
    expect(overall.map((row) => row.rank)).toEqual(["1", "2", "3", "4"]);
    expect(overall.every((row) => row.beats_baseline === "")).toBe(true);
    expect(data.some((row) => row.team_id === ids.cheat)).toBe(false);

    const healthcare = data.filter((row) => row.scope === "healthcare");
    expect(
      healthcare
        .slice(0, 4)
        .map((row) => [row.team_id, row.rank, row.prize_position, row.beats_baseline]),
    ).toEqual([
      [ids.blue, "1", "1", "true"],
      [ids.formula, "2", "2", "true"],
      [ids.green, "3", "", "false"],
      [ids.red, "4", "", "false"],
    ]);
    expect(Number(healthcare[0]!.score)).toBeGreaterThan(Number(healthcare[1]!.score));
    expect(healthcare).toHaveLength(4);
    // Domains follow overall, in the competition's order.
    expect(data.findIndex((row) => row.scope !== "overall")).toBe(overall.length);
  });
});

describe("standings.csv and the domain pages", () => {
  it("ranks no team in a domain where it has no counted submission, as the domain leaderboard lists none", async () => {
    const { data } = await download("standings.csv");
    // Everyone submitted to healthcare only: the other domains' pages say "No submissions yet
    // for this domain", so the export has no row for them at all.
    const scopes = new Set(data.map((row) => row.scope));
    expect([...scopes]).toEqual(["overall", "healthcare"]);
    const others = activeCompetition().domains.filter((domain) => domain.slug !== "healthcare");
    expect(others.length).toBeGreaterThan(0);
    for (const { slug } of others) {
      const page = await t.app.inject({ url: `/api/leaderboard/domain/${slug}`, headers: admin });
      expect(page.statusCode, page.body).toBe(200);
      const listed = (page.json() as { leaderboard: { valid_submissions: number }[] }).leaderboard;
      expect(listed.filter((row) => row.valid_submissions > 0)).toEqual([]);
    }
    expect(data.some((row) => row.team_id === ids.idle)).toBe(false);
  });
});

describe("GET /api/admin/exports/teams.csv", () => {
  it("has one row per member with the team's status and disqualification", async () => {
    const { meta, data } = await download("teams.csv");
    expect(meta.fields).toEqual([...TEAMS_EXPORT_COLUMNS]);
    const waiting = data.filter((row) => row.team_id === ids.waiting);
    expect(waiting.map((row) => [row.status, row.member_role, row.activated_at])).toEqual([
      ["inactive", "creator", ""],
      ["inactive", "member", ""],
    ]);
    expect(waiting[0]!.member_email).toBe("export-waiting@example.org");
    const cheat = data.find((row) => row.team_id === ids.cheat)!;
    expect(cheat).toMatchObject({
      status: "active",
      disqualified: "true",
      disqualification_reason: "Shared answers",
    });
    expect(cheat.activated_at).not.toBe("");
    expect(data.find((row) => row.team_id === ids.formula)!.team_name).toBe("'=formula");
    expect(data.find((row) => row.team_id === ids.blue)!.disqualified).toBe("false");
  });
});

describe("GET /api/admin/exports/submissions.csv", () => {
  it("streams every submission once, newest first, without files and with formulas escaped", async () => {
    const { meta, data } = await download("submissions.csv");
    expect(meta.fields).toEqual([...SUBMISSIONS_EXPORT_COLUMNS]);
    expect(data).toHaveLength(SUBMISSIONS);
    expect(new Set(data.map((row) => row.submission_id)).size).toBe(SUBMISSIONS);
    const times = data.map((row) => Date.parse(row.created_at!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = data.find((row) => row.note === "'@SUM(A1)")!;
    expect(first).toMatchObject({
      team_name: "export-blue",
      challenge_key: CHALLENGE,
      status: "scored",
      public_score: "0.95",
      private_score: "0.95",
      counted: "true",
      final: "false",
      submitted_via: "api_key",
    });
    expect(data.find((row) => row.status === "invalid")!.error).toBe("'=1+1");
  });
});

describe("who may export", () => {
  it("answers 401 without a session or for a disabled organizer, 403 for a participant", async () => {
    const participant = await newMember(t.app, "export-participant");
    const disabled = await newMember(t.app, "export-disabled-admin");
    await t.database.handle.db
      .update(users)
      .set({ adminAccess: true, status: "disabled" })
      .where(eq(users.id, disabled.userId));
    for (const name of ["standings.csv", "teams.csv", "submissions.csv"]) {
      const url = `/api/admin/exports/${name}`;
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ url, headers: disabled.auth })).statusCode, url).toBe(401);
      const refused = await t.app.inject({ url, headers: participant.auth });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe("auth.admin_required");
    }
  });
});

describe("the audit of exports", () => {
  it("records each export with who took it, and none for a refused request", async () => {
    const participant = await newMember(t.app, "export-audit-participant");
    const entries = async () =>
      t.database.handle.db.select().from(auditLog).where(eq(auditLog.action, "export.download"));
    const before = (await entries()).length;
    for (const name of ["standings.csv", "teams.csv", "submissions.csv"]) {
      const url = `/api/admin/exports/${name}`;
      expect((await t.app.inject({ url, headers: participant.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ url, headers: admin })).statusCode, url).toBe(200);
    }
    const recorded = (await entries()).slice(before);
    expect(recorded.map((entry) => entry.targetId).sort()).toEqual([
      "standings.csv",
      "submissions.csv",
      "teams.csv",
    ]);
    const organizer = await t.app.inject({ url: "/api/verify-token", headers: admin });
    const organizerId = (organizer.json() as { user: { id: string } }).user.id;
    expect(new Set(recorded.map((entry) => entry.actorId))).toEqual(new Set([organizerId]));
    expect(recorded.every((entry) => entry.targetType === "export")).toBe(true);
  });
});
