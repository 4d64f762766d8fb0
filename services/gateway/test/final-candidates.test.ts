import { gzipSync } from "node:zlib";
import { finalCandidatesResponseSchema } from "@tandem/contracts";
import { submissions } from "@tandem/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownExactly } from "../../../test/support/shown";
import { adminAuth, buildTestApp, createTeam, signUp, type TestApp } from "./helper";

/**
 * Issue 33: `GET /api/submissions/final-candidates` gives the dashboard's final-pick card only
 * what it lists: per challenge every marked submission, the five best by the score the team is
 * shown, and the three newest; not every scored submission the team ever made.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const HIGHER = "healthcare/1"; // Macro-F1: higher is better
const LOWER = "healthcare/2"; // MAE: lower is better
const db = () => t.database.handle.db;

async function teamWithMember(name: string) {
  const member = await signUp(t.app, `${name}@example.org`);
  const team = await createTeam(t.app, member, name);
  await t.app.inject({
    method: "POST",
    url: "/api/competition/start",
    headers: { ...(await adminAuth(t.app)), "x-team-id": team.id },
  });
  return { id: team.id, key: { "x-api-key": team.api_key }, session: member.auth };
}

let second = 0;
interface Row {
  challengeKey?: string;
  public: number | null;
  private?: number;
  status?: "scored" | "queued" | "invalid";
  counted?: boolean;
  final?: boolean;
  note?: string;
}
/** Submissions written as the worker leaves them, one second apart, oldest first. */
async function stored(teamId: string, rows: Row[]): Promise<string[]> {
  const inserted = await db()
    .insert(submissions)
    .values(
      rows.map((row) => {
        const scored = (row.status ?? "scored") === "scored";
        return {
          teamId,
          challengeKey: row.challengeKey ?? HIGHER,
          status: row.status ?? "scored",
          predictions: gzipSync("patient_id,label\n"),
          payloadHash: `hash-${Math.random()}`,
          rowCount: 10,
          metricName: "Macro-F1",
          ...shownExactly(scored ? row.public : null),
          privateMetricValue: scored ? (row.private ?? row.public) : null,
          counted: row.counted ?? true,
          finalAt: row.final ? new Date() : null,
          note: row.note ?? null,
          createdAt: new Date(Date.now() - 3_600_000 + ++second * 1000),
          scoredAt: scored ? new Date() : null,
        };
      }),
    )
    .returning({ id: submissions.id });
  return inserted.map((row) => row.id);
}

async function candidates(headers: Record<string, string>) {
  const response = await t.app.inject({ url: "/api/submissions/final-candidates", headers });
  expect(response.statusCode, response.body).toBe(200);
  return finalCandidatesResponseSchema.parse(response.json()).challenges;
}

describe("GET /api/submissions/final-candidates", () => {
  it("lists per challenge the marked ones, the five best by shown score and the three newest, newest first", async () => {
    const team = await teamWithMember("candidates-a");
    // 12 counted scored submissions to HIGHER, public scores 0.50..0.61 in a scrambled order;
    // the private scores run the other way, so an order by them would pick other rows.
    const publics = [0.55, 0.61, 0.5, 0.58, 0.52, 0.6, 0.53, 0.59, 0.51, 0.57, 0.54, 0.56];
    const ids = await stored(
      team.id,
      publics.map((value, i) => ({
        public: value,
        private: 1 - value,
        // The oldest (0.55) is marked; one in the middle carries a note.
        final: i === 0,
        note: i === 6 ? "blend of two models" : undefined,
      })),
    );
    // Never candidates: practice, unscored, invalid, another challenge's, another team's.
    await stored(team.id, [
      { public: 0.99, counted: false },
      { public: null, status: "queued" },
      { public: null, status: "invalid" },
    ]);
    const other = await teamWithMember("candidates-b");
    await stored(other.id, [{ public: 0.95 }]);

    const [challenge, ...rest] = await candidates(team.session);
    expect(rest).toEqual([]);
    expect(challenge).toMatchObject({
      challenge_key: HIGHER,
      domain: "Healthcare",
      challenge: 1,
      limit: 2,
      marked: 1,
      eligible: 12,
    });
    // Best five by public score: 0.61 (1), 0.60 (5), 0.59 (7), 0.58 (3), 0.57 (9); the three
    // newest: 11, 10, 9; the marked one: 0. Newest first.
    const expected = [11, 10, 9, 7, 5, 3, 1, 0];
    expect(challenge!.candidates.map((item) => item.submission_id)).toEqual(
      expected.map((i) => ids[i]),
    );
    expect(challenge!.candidates.map((item) => item.score)).toEqual(
      expected.map((i) => publics[i]),
    );
    expect(challenge!.candidates.at(-1)!.final).toBe(true);
    // The API key sees the same list as a member's session.
    expect(await candidates(team.key)).toEqual([challenge]);
  });

  it("takes the best of a lower-is-better metric as the lowest, with its note, in the competition's order", async () => {
    const team = await teamWithMember("candidates-c");
    const maes = [3, 9, 1, 8, 2, 7, 6, 5, 4];
    const ids = await stored(
      team.id,
      maes.map((value, i) => ({ challengeKey: LOWER, public: value, note: `try ${i}` })),
    );
    await stored(team.id, [{ challengeKey: HIGHER, public: 0.7 }]);
    const challenges = await candidates(team.session);
    expect(challenges.map((c) => c.challenge_key)).toEqual([HIGHER, LOWER]);
    const lower = challenges[1]!;
    expect(lower.eligible).toBe(9);
    // Best five (lowest MAE): 1 (2), 2 (4), 3 (0), 4 (8), 5 (7); newest three: 8, 7, 6.
    expect(lower.candidates.map((item) => item.submission_id)).toEqual(
      [8, 7, 6, 4, 2, 0].map((i) => ids[i]),
    );
    expect(lower.candidates.map((item) => item.note)).toEqual([
      "try 8",
      "try 7",
      "try 6",
      "try 4",
      "try 2",
      "try 0",
    ]);
  });

  it("answers a team with nothing scored an empty list, and no credentials 401", async () => {
    const team = await teamWithMember("candidates-d");
    expect(await candidates(team.session)).toEqual([]);
    const anonymous = await t.app.inject({ url: "/api/submissions/final-candidates" });
    expect(anonymous.statusCode).toBe(401);
  });
});
