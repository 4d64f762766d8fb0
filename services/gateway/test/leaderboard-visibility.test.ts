import { gunzipSync, gzipSync } from "node:zlib";
import type { CompetitionDefinition, LeaderboardVisibility } from "@tandem/competition";
import { publicCompetitionSchema } from "@tandem/competition";
import { findDomain } from "@tandem/competition/server";
import {
  domainLeaderboardSchema,
  errorEnvelopeSchema,
  overallLeaderboardSchema,
  submissionSummaryResponseSchema,
  submitAnswerSchema,
} from "@tandem/contracts";
import { challengeAnswers, challengeBaselines } from "@tandem/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activeTeam,
  adminAuth,
  buildTestApp,
  createTeam,
  endMainPhase,
  newMember,
  type TestApp,
} from "./helper";

/*
 * Issue 33: who sees the leaderboards follows the definition's `leaderboard_visibility`, and a
 * submit answers with the quota left and, where the team may see the standings, its public rank
 * and the change. The challenge is food/1 (MAE, lower is better, the default ladder: threshold
 * 0.01, 2 decimals), with its baseline set to 0.6: a file that adds `offset` to every true value
 * scores exactly `offset`, so every rank below is worked out before the file is sent. Only food/1
 * gets submissions, so the overall standings are its standings.
 */

const CHALLENGE = "food/1";
let t: TestApp;
let admin: Record<string, string>;
let header: string;
let truth: [string, number][];
/** A member of team "otters", its API key, and team "badgers"'s key. */
let otters: { auth: Record<string, string>; key: string; id: string };
let badgers: { key: string; id: string };
/** Signed in, in no team. */
let loner: Record<string, string>;
/** Signed in, in a team that is not activated (it may see the standings all the same). */
let waiting: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAuth(t.app);
  const db = t.database.handle.db;
  const [answers] = await db
    .select()
    .from(challengeAnswers)
    .where(eq(challengeAnswers.challengeKey, CHALLENGE));
  await db.delete(challengeBaselines).where(eq(challengeBaselines.challengeKey, CHALLENGE));
  await db.insert(challengeBaselines).values({
    challengeKey: CHALLENGE,
    source: "notebook",
    predictions: gzipSync(""),
    metricValue: 0.6,
    privateMetricValue: 0.6,
    answersVersion: answers!.version,
  });
  const [head, ...lines] = gunzipSync(answers!.answers).toString("utf8").trimEnd().split("\n");
  header = head!;
  truth = lines.map((line) => {
    const [id, value] = line.split(",");
    return [id!, Number(value)];
  });

  const member = await newMember(t.app, "otter");
  const team = await createTeam(t.app, member, "otters");
  await t.app.inject({
    method: "POST",
    url: "/api/competition/start",
    headers: { ...admin, "x-team-id": team.id },
  });
  otters = { auth: member.auth, key: team.api_key, id: team.id };
  const other = await activeTeam(t.app, "badgers");
  badgers = { key: other.api_key, id: other.id };
  loner = (await newMember(t.app, "loner")).auth;
  const waitingMember = await newMember(t.app, "waiting");
  await createTeam(t.app, waitingMember, "waiting-room");
  waiting = waitingMember.auth;
});
afterAll(async () => t?.close());

async function setVisibility(visibility: LeaderboardVisibility) {
  const current = await t.app.inject({ url: "/api/admin/competition", headers: admin });
  const { version, definition } = current.json() as {
    version: number;
    definition: CompetitionDefinition;
  };
  const response = await t.app.inject({
    method: "PUT",
    url: "/api/admin/competition",
    headers: admin,
    payload: {
      version,
      definition: { ...definition, leaderboard_visibility: visibility },
      rescore: false,
      dry_run: false,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().changes.map((c: { path: string }) => c.path)).toEqual([
    "leaderboard_visibility",
  ]);
}

async function submit(offset: number, key: string) {
  const csv = [header, ...truth.map(([id, value]) => `${id},${value + offset}`)].join("\n");
  const response = await t.app.inject({
    method: "POST",
    url: "/api/submit",
    headers: { "x-api-key": key },
    payload: { domain_name: findDomain("food")!.name, task_number: 1, predictions_csv: csv },
  });
  expect(response.statusCode, response.body).toBe(200);
  return submitAnswerSchema.parse(response.json());
}

/** What the team's summary says is left today on food/1. */
async function leftToday(key: string) {
  const response = await t.app.inject({
    url: "/api/submissions/summary",
    headers: { "x-api-key": key },
  });
  const food = submissionSummaryResponseSchema
    .parse(response.json())
    .challenges.find((c) => c.challenge_key === CHALLENGE)!;
  return food.daily_limit - food.used_today;
}

const BOARDS = ["/api/leaderboard", "/api/leaderboard/domain/food"];
const PREVIEWS = BOARDS.map((board) => `${board}?standings=private`);

/** The status and error code of a GET, with `headers` (none: anonymous). */
async function read(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ url, headers });
  const code = response.statusCode === 200 ? null : errorEnvelopeSchema.parse(response.json()).code;
  return { status: response.statusCode, code, body: response.json() };
}

async function expectAll(
  urls: string[],
  headers: Record<string, string> | undefined,
  status: number,
  code: string | null,
) {
  for (const url of urls) {
    const answer = await read(url, headers);
    expect([url, answer.status, answer.code]).toEqual([url, status, code]);
  }
}

describe("organizers only (the default, docs/product.md#leaderboard-visibility)", () => {
  it("is what GET /api/competition says, at the top and in the definition", async () => {
    const response = await t.app.inject({ url: "/api/competition" });
    const body = publicCompetitionSchema.parse(response.json());
    expect(body.leaderboard_visibility).toBe("organizers");
    expect(body.definition.leaderboard_visibility).toBe("organizers");
  });

  it("shows the leaderboards to organizers alone, with the spec's refusals", async () => {
    await expectAll([...BOARDS, ...PREVIEWS], admin, 200, null);
    await expectAll([...BOARDS, ...PREVIEWS], otters.auth, 403, "auth.admin_required");
    await expectAll(BOARDS, loner, 403, "auth.admin_required");
    await expectAll([...BOARDS, ...PREVIEWS], undefined, 401, "auth.required");
    await expectAll(BOARDS, { "x-api-key": badgers.key }, 401, "auth.required");
  });

  it("answers a submit with the quota left and no rank", async () => {
    const before = await leftToday(badgers.key);
    const answer = await submit(0.3, badgers.key);
    expect(answer.remaining_today).toBe(before - 1);
    expect(await leftToday(badgers.key)).toBe(answer.remaining_today);
    expect(answer).toMatchObject({ public_rank: null, rank_change: null, score: 0.3 });
  });
});

describe("participants", () => {
  beforeAll(() => setVisibility("participants"));

  it("is what GET /api/competition says", async () => {
    const body = publicCompetitionSchema.parse(
      (await t.app.inject({ url: "/api/competition" })).json(),
    );
    expect(body.leaderboard_visibility).toBe("participants");
  });

  it("shows members of any team the public standings, and nobody else but organizers", async () => {
    for (const member of [otters.auth, waiting, admin]) {
      const overall = await read(BOARDS[0]!, member);
      expect(overall.status).toBe(200);
      expect(overallLeaderboardSchema.parse(overall.body).standings).toBe("public");
      const food = await read(BOARDS[1]!, member);
      expect(domainLeaderboardSchema.parse(food.body).standings).toBe("public");
    }
    await expectAll(BOARDS, loner, 403, "team.not_member");
    await expectAll(BOARDS, undefined, 401, "auth.required");
  });

  it("shows a team's API key (the SDK) the standings, and refuses a wrong one", async () => {
    await expectAll(BOARDS, { "x-api-key": badgers.key }, 200, null);
    await expectAll(BOARDS, { "x-api-key": "not-a-key" }, 401, "auth.api_key_invalid");
    await expectAll(PREVIEWS, { "x-api-key": badgers.key }, 401, "auth.required");
  });

  it("keeps the private preview from members", async () => {
    await expectAll(PREVIEWS, otters.auth, 403, "auth.admin_required");
    await expectAll(PREVIEWS, loner, 403, "auth.admin_required");
    await expectAll(PREVIEWS, undefined, 401, "auth.required");
    await expectAll(PREVIEWS, admin, 200, null);
  });

  it("answers a submit with the team's public rank and how it moved", async () => {
    // badgers' 0.3 (sent above) ranks first. otters' first shown score ranks them second, with
    // no rank before it; 0.1 takes first place; 0.105 is no significant improvement.
    const first = await submit(0.5, otters.key);
    expect(first).toMatchObject({ score: 0.5, public_rank: 2, rank_change: null });
    const second = await submit(0.1, otters.key);
    expect(second).toMatchObject({ score: 0.1, public_rank: 1, rank_change: 1 });
    expect(second.remaining_today).toBe(first.remaining_today - 1);
    const third = await submit(0.105, otters.key);
    expect(third).toMatchObject({ score: 0.1, public_rank: 1, rank_change: 0 });
    // badgers fell to second without submitting; its next (worse) file says so: no change.
    const worse = await submit(0.45, badgers.key);
    expect(worse).toMatchObject({ score: 0.3, public_rank: 2, rank_change: 0 });

    const board = overallLeaderboardSchema.parse((await read(BOARDS[0]!, otters.auth)).body);
    expect(
      board.leaderboard
        .filter((row) => row.valid_submissions_total > 0)
        .map((row) => [row.team_id, row.rank]),
    ).toEqual([
      [otters.id, 1],
      [badgers.id, 2],
    ]);
  });

  it("answers a resent file with the rank but no change of its own", async () => {
    const again = await submit(0.105, otters.key);
    expect(again).toMatchObject({ public_rank: 1, rank_change: null });
  });
});

describe("public", () => {
  beforeAll(() => setVisibility("public"));

  it("shows everyone the public standings, signed in or not", async () => {
    for (const who of [undefined, loner, otters.auth]) {
      const overall = await read(BOARDS[0]!, who);
      expect(overall.status).toBe(200);
      expect(overallLeaderboardSchema.parse(overall.body).standings).toBe("public");
      expect((await read(BOARDS[1]!, who)).status).toBe(200);
    }
  });

  it("still keeps the private preview for organizers", async () => {
    await expectAll(PREVIEWS, undefined, 401, "auth.required");
    await expectAll(PREVIEWS, loner, 403, "auth.admin_required");
    await expectAll(PREVIEWS, otters.auth, 403, "auth.admin_required");
  });

  it("answers a submit with the rank", async () => {
    const answer = await submit(0.2, badgers.key);
    expect(answer).toMatchObject({ score: 0.2, public_rank: 2, rank_change: 0 });
  });
});

describe("after the reveal", () => {
  beforeAll(async () => {
    await setVisibility("participants");
    await endMainPhase(t);
    const reveal = await t.app.inject({
      method: "POST",
      url: "/api/admin/competition/reveal",
      headers: admin,
    });
    expect(reveal.statusCode, reveal.body).toBe(201);
  });

  it("shows members the final standings, and the preview to no one but organizers", async () => {
    const overall = await read(BOARDS[0]!, otters.auth);
    expect(overall.status).toBe(200);
    expect(overallLeaderboardSchema.parse(overall.body).standings).toBe("final");
    const food = await read(BOARDS[1]!, otters.auth);
    expect(domainLeaderboardSchema.parse(food.body).standings).toBe("final");
    await expectAll(PREVIEWS, otters.auth, 403, "auth.admin_required");
    await expectAll(BOARDS, loner, 403, "team.not_member");
    await expectAll(BOARDS, undefined, 401, "auth.required");
  });

  it("answers a practice submit with the team's public rank, which no longer moves", async () => {
    const answer = await submit(0.01, badgers.key);
    expect(answer.counted).toBe(false);
    const board = overallLeaderboardSchema.parse((await read(BOARDS[0]!, otters.auth)).body);
    const row = board.leaderboard.find((r) => r.team_id === badgers.id)!;
    expect(answer).toMatchObject({ public_rank: row.public_rank, rank_change: 0 });
    expect(answer.public_rank).toBe(2);
  });
});
