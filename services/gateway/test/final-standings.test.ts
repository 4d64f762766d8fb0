import { gzipSync } from "node:zlib";
import {
  domainLeaderboardSchema,
  overallLeaderboardSchema,
  revealResponseSchema,
  SHAKE_UP_COLUMNS,
} from "@tandem/contracts";
import { submissions } from "@tandem/db";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownExactly } from "../../../test/support/shown";
import {
  ADMIN,
  adminAuth,
  buildTestApp,
  createTeam,
  endMainPhase,
  signUp,
  type TestApp,
} from "./helper";

/**
 * Issue 17: standings before and after the reveal. Three teams on one challenge (healthcare/1,
 * Macro-F1, two final submissions each), values chosen so that the private standings turn the
 * public ones upside down:
 *
 *   team    public / private (marked)                       public best  private result
 *   -red    0.90/0.60  0.80/0.85  0.70/0.95   (none marked)  0.90 (1st)   0.85: best two public
 *   blue    0.85/0.70  0.60/0.90 (marked)                    0.85 (2nd)   0.90
 *   green   0.75/0.80 (m)  0.50/0.86 (m)  0.40/0.99          0.75 (3rd)   0.86
 *
 * Challenge scores among 3 teams: 1, 2/3, 1/3; the domain averages 3 challenges, the overall
 * score 6 domains: 1/18, 1/27, 1/54. Private: blue 1st, green 2nd, red 3rd.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const CHALLENGE = "healthcare/1";
const byName: Record<
  string,
  { id: string; key: Record<string, string>; session: Record<string, string> }
> = {};
const ids: Record<string, string> = {};
let admin: Record<string, string>;
let adminId: string;

beforeAll(async () => {
  const login = await t.app.inject({
    method: "POST",
    url: "/api/login-verification",
    payload: ADMIN,
  });
  adminId = login.json().user.id;
  admin = await adminAuth(t.app);
  for (const name of ["-red", "blue", "green"]) {
    const member = await signUp(t.app, `standings${name}@example.org`);
    const team = await createTeam(t.app, member, name);
    await t.app.inject({
      method: "POST",
      url: "/api/competition/start",
      headers: { ...admin, "x-team-id": team.id },
    });
    byName[name] = { id: team.id, key: { "x-api-key": team.api_key }, session: member.auth };
  }
  const rows: [string, string, number, number, boolean][] = [
    ["red-1", "-red", 0.9, 0.6, false],
    ["red-2", "-red", 0.8, 0.85, false],
    ["red-3", "-red", 0.7, 0.95, false],
    ["blue-1", "blue", 0.85, 0.7, false],
    ["blue-2", "blue", 0.6, 0.9, true],
    ["green-1", "green", 0.75, 0.8, true],
    ["green-2", "green", 0.5, 0.86, true],
    ["green-3", "green", 0.4, 0.99, false],
  ];
  let minute = 0;
  for (const [label, team, publicValue, privateValue, final] of rows) {
    const [row] = await t.database.handle.db
      .insert(submissions)
      .values({
        teamId: byName[team]!.id,
        challengeKey: CHALLENGE,
        status: "scored",
        predictions: gzipSync("patient_id,label\n"),
        payloadHash: label,
        rowCount: 10,
        metricName: "Macro-F1",
        ...shownExactly(publicValue),
        privateMetricValue: privateValue,
        finalAt: final ? new Date() : null,
        counted: true,
        createdAt: new Date(Date.now() - 3_600_000 + ++minute * 60_000),
        scoredAt: new Date(),
      })
      .returning({ id: submissions.id });
    ids[label] = row!.id;
  }
  // As the scoring worker does after a counted score lands.
  await t.rankings.fresh();
});

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url, headers });

async function overall(query = "") {
  const response = await get(`/api/leaderboard${query}`, admin);
  expect(response.statusCode).toBe(200);
  return overallLeaderboardSchema.parse(response.json());
}
async function healthcare(query = "") {
  const response = await get(`/api/leaderboard/domain/healthcare${query}`, admin);
  expect(response.statusCode).toBe(200);
  return domainLeaderboardSchema.parse(response.json());
}
const cells = (body: Awaited<ReturnType<typeof healthcare>>) =>
  body.leaderboard.map((row) => [row.team_name, row.challenges[CHALLENGE]!.metric_value]);
const totalScoreOf = async (name: string) =>
  (await get("/api/teams", byName[name]!.session)).json().teams[0].total_score as number;

describe("standings before the reveal", () => {
  it("rank on public scores and say so", async () => {
    const body = await overall();
    expect(body.standings).toBe("public");
    expect(body.leaderboard.map((row) => [row.team_name, row.rank])).toEqual([
      ["-red", 1],
      ["blue", 2],
      ["green", 3],
    ]);
    expect(body.leaderboard.map((row) => row.total_score)).toEqual([
      expect.closeTo(1 / 18, 12),
      expect.closeTo(1 / 27, 12),
      expect.closeTo(1 / 54, 12),
    ]);
    expect(body.leaderboard[0]).not.toHaveProperty("public_rank");
    const domain = await healthcare();
    expect(domain.standings).toBe("public");
    expect(cells(domain)).toEqual([
      ["-red", 0.9],
      ["blue", 0.85],
      ["green", 0.75],
    ]);
    expect(await totalScoreOf("-red")).toBeCloseTo(1 / 18, 12);
  });

  it("show organizers the private preview with each team's public rank and the change", async () => {
    const body = await overall("?standings=private");
    expect(body.standings).toBe("private");
    expect(
      body.leaderboard.map((row) => [row.team_name, row.rank, row.public_rank, row.rank_change]),
    ).toEqual([
      ["blue", 1, 2, 1],
      ["green", 2, 3, 1],
      ["-red", 3, 1, -2],
    ]);
    const domain = await healthcare("?standings=private");
    expect(domain.standings).toBe("private");
    expect(cells(domain)).toEqual([
      ["blue", 0.9],
      ["green", 0.86],
      ["-red", 0.85],
    ]);
    // The preview is not what the cached official standings became.
    expect((await overall()).standings).toBe("public");
  });

  it("keep the preview, the reveal and the shake-up from participants", async () => {
    const participant = byName.blue!.session;
    for (const [method, url] of [
      ["GET", "/api/leaderboard?standings=private"],
      ["GET", "/api/leaderboard/domain/healthcare?standings=private"],
      ["POST", "/api/admin/competition/reveal"],
      ["GET", "/api/admin/competition/reveal"],
      ["GET", "/api/admin/competition/shake-up.csv"],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: participant });
      expect(response.statusCode, url).toBe(403);
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode, url).toBe(401);
    }
    const state = await get("/api/admin/competition/reveal", admin);
    expect(revealResponseSchema.parse(state.json())).toEqual({
      revealed: false,
      revealed_at: null,
      revealed_by: null,
      standings: "public",
    });
  });

  it("show teams their public scores only", async () => {
    const red = byName["-red"]!;
    const single = await get(`/api/submissions/${ids["red-2"]}`, red.key);
    expect(single.json()).toMatchObject({ score: 0.8, score_kind: "public", final: false });
    const history = await get("/api/submissions/history", red.key);
    expect(
      history
        .json()
        .submissions.map((s: { score: number }) => s.score)
        .sort(),
    ).toEqual([0.7, 0.8, 0.9]);
    expect(history.body).not.toMatch(/0\.(6|85|95)\b/);
  });

  it("export the shake-up as CSV, a team name that starts like a formula made inert", async () => {
    const response = await get("/api/admin/competition/shake-up.csv", admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toContain("shake-up.csv");
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe(SHAKE_UP_COLUMNS.join(","));
    const red = byName["-red"]!.id;
    expect(lines.slice(1, 4)).toEqual([
      `overall,${byName.blue!.id},blue,2,1,1`,
      `overall,${byName.green!.id},green,3,2,1`,
      // Quoted as well as prefixed (OWASP's advice for CSV injection); numbers stay numbers.
      `overall,${red},"'-red",1,3,-2`,
    ]);
    const parsed = Papa.parse<Record<string, string>>(response.body.trim(), { header: true });
    const domainRows = parsed.data.filter((row) => row.scope === "healthcare");
    expect(domainRows.map((row) => [row.team_name, row.public_rank, row.private_rank])).toEqual([
      ["blue", "2", "1"],
      ["green", "3", "2"],
      ["'-red", "1", "3"],
    ]);
    // Every domain is in it, each with every team.
    expect(new Set(parsed.data.map((row) => row.scope)).size).toBe(7);
    expect(parsed.data).toHaveLength(7 * 3);
  });
});

describe("the reveal", () => {
  it("is refused while the competition is open (issue 29)", async () => {
    const early = await t.app.inject({
      method: "POST",
      url: "/api/admin/competition/reveal",
      headers: admin,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("competition.reveal_too_early");
    expect((await get("/api/admin/competition/reveal", admin)).json().revealed).toBe(false);
    await endMainPhase(t);
  });

  it("is recorded once, with who and when; a second reveal answers the same record", async () => {
    const first = await t.app.inject({
      method: "POST",
      url: "/api/admin/competition/reveal",
      headers: admin,
    });
    expect(first.statusCode).toBe(201);
    const record = revealResponseSchema.parse(first.json());
    expect(record).toMatchObject({
      revealed: true,
      standings: "final",
      revealed_by: { id: adminId, username: "admin" },
    });
    expect(Date.now() - Date.parse(record.revealed_at!)).toBeLessThan(60_000);
    const second = await t.app.inject({
      method: "POST",
      url: "/api/admin/competition/reveal",
      headers: admin,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(record);
    expect((await get("/api/admin/competition/reveal", admin)).json()).toEqual(record);
  });

  it("turns the leaderboards final: private results, the public rank beside them", async () => {
    const body = await overall();
    expect(body.standings).toBe("final");
    expect(
      body.leaderboard.map((row) => [row.team_name, row.rank, row.public_rank, row.rank_change]),
    ).toEqual([
      ["blue", 1, 2, 1],
      ["green", 2, 3, 1],
      ["-red", 3, 1, -2],
    ]);
    const domain = await healthcare();
    expect(domain.standings).toBe("final");
    expect(cells(domain)).toEqual([
      ["blue", 0.9],
      ["green", 0.86],
      ["-red", 0.85],
    ]);
    expect(await totalScoreOf("-red")).toBeCloseTo(1 / 54, 12);
    expect(await totalScoreOf("blue")).toBeCloseTo(1 / 18, 12);
  });

  it("shows teams their private scores, marked final", async () => {
    const red = byName["-red"]!;
    const single = await get(`/api/submissions/${ids["red-2"]}`, red.key);
    expect(single.json()).toMatchObject({ score: 0.85, score_kind: "final", final: false });
    const history = await get("/api/submissions/history", red.key);
    const rows = history.json().submissions as { score: number; score_kind: string }[];
    expect(rows.map((s) => s.score).sort()).toEqual([0.6, 0.85, 0.95]);
    expect(rows.every((s) => s.score_kind === "final")).toBe(true);
  });
});
