import { gzipSync } from "node:zlib";
import { errorEnvelopeSchema, submitResponseSchema } from "@tandem/contracts";
import { submissions } from "@tandem/db";
import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownExactly } from "../../../test/support/shown";
import { HttpError } from "../src/lib/http-error";
import { selectFinal } from "../src/modules/submissions/final-selection.service";
import { createSubmissionsRepository } from "../src/modules/submissions/submissions.repository";
import { adminAuth, buildTestApp, createTeam, signUp, type TestApp } from "./helper";

/** Issue 17: a team's choice of final submissions (docs/adr/0009-public-private-split.md). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const CHALLENGE = "healthcare/1"; // Macro-F1; two final submissions per team
const db = () => t.database.handle.db;

/** A signed-in member of a new active team: its API key and the member's session. */
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

let minute = 0;
/** A submission written as the scoring worker leaves it, with both scores. */
async function submission(
  teamId: string,
  values: { public: number; private: number; status?: "scored" | "queued"; counted?: boolean },
): Promise<string> {
  const scored = (values.status ?? "scored") === "scored";
  const [row] = await db()
    .insert(submissions)
    .values({
      teamId,
      challengeKey: CHALLENGE,
      status: values.status ?? "scored",
      predictions: gzipSync("patient_id,label\n"),
      payloadHash: `hash-${Math.random()}`,
      rowCount: 10,
      metricName: "Macro-F1",
      ...shownExactly(scored ? values.public : null),
      privateMetricValue: scored ? values.private : null,
      counted: values.counted ?? true,
      createdAt: new Date(Date.now() - 3_600_000 + ++minute * 1000),
      scoredAt: scored ? new Date() : null,
    })
    .returning({ id: submissions.id });
  return row!.id;
}

const mark = (id: string, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: `/api/submissions/${id}/final`, headers });
const unmark = (id: string, headers: Record<string, string>) =>
  t.app.inject({ method: "DELETE", url: `/api/submissions/${id}/final`, headers });
const codeOf = (response: { json: () => unknown }) =>
  errorEnvelopeSchema.parse(response.json()).code;

async function finalFlags(headers: Record<string, string>) {
  const response = await t.app.inject({ method: "GET", url: "/api/submissions/history", headers });
  const rows = response.json().submissions as { submission_id: string; final: boolean }[];
  return Object.fromEntries(rows.map((row) => [row.submission_id, row.final]));
}

describe("final submissions", () => {
  it("marks with the API key or a member's session, up to two, unmarks, and refuses a third", async () => {
    const team = await teamWithMember("final-rules");
    const first = await submission(team.id, { public: 0.9, private: 0.6 });
    const second = await submission(team.id, { public: 0.8, private: 0.85 });
    const third = await submission(team.id, { public: 0.7, private: 0.95 });

    // None marked: every answer says so.
    expect(await finalFlags(team.key)).toEqual({ [first]: false, [second]: false, [third]: false });

    const one = await mark(first, team.key);
    expect(one.statusCode).toBe(200);
    const body = submitResponseSchema.parse(one.json());
    expect(body).toMatchObject({ submission_id: first, final: true, score: 0.9 });
    expect(body.score_kind).toBe("public");
    expect(one.body).not.toContain("0.6");

    const two = await mark(second, team.session);
    expect(two.statusCode).toBe(200);
    expect(two.json()).toMatchObject({ final: true, score: 0.8, score_kind: "public" });
    expect(await finalFlags(team.key)).toEqual({
      [first]: true,
      [second]: true,
      [third]: false,
    });

    // Marking a marked one again changes nothing.
    expect((await mark(first, team.key)).statusCode).toBe(200);

    const refused = await mark(third, team.key);
    expect(refused.statusCode).toBe(409);
    const error = errorEnvelopeSchema.parse(refused.json());
    expect(error.code).toBe("submission.final_limit");
    expect(error.details).toEqual({ challenge_key: CHALLENGE, limit: 2, marked: [first, second] });
    expect(error.error).toContain(first);
    expect(error.error).toContain("DELETE /api/submissions/{id}/final");

    const unmarked = await unmark(first, team.session);
    expect(unmarked.statusCode).toBe(200);
    expect(unmarked.json()).toMatchObject({ submission_id: first, final: false });
    // Unmarking one that is not marked is fine too.
    expect((await unmark(first, team.key)).statusCode).toBe(200);

    expect((await mark(third, team.key)).statusCode).toBe(200);
    expect(await finalFlags(team.key)).toEqual({ [first]: false, [second]: true, [third]: true });
    const single = await t.app.inject({
      method: "GET",
      url: `/api/submissions/${third}`,
      headers: team.key,
    });
    expect(single.json()).toMatchObject({ final: true, score: 0.7, score_kind: "public" });
  });

  it("refuses another team's submission, an unscored one, practice, and no credentials", async () => {
    const owner = await teamWithMember("final-owner");
    const other = await teamWithMember("final-other");
    const theirs = await submission(owner.id, { public: 0.5, private: 0.4 });
    for (const headers of [other.key, other.session]) {
      const response = await mark(theirs, headers);
      expect(response.statusCode).toBe(404);
      expect(codeOf(response)).toBe("submission.not_found");
      expect((await unmark(theirs, headers)).statusCode).toBe(404);
    }

    const queued = await submission(owner.id, { public: 0, private: 0, status: "queued" });
    const unscored = await mark(queued, owner.key);
    expect(unscored.statusCode).toBe(409);
    expect(codeOf(unscored)).toBe("submission.final_ineligible");

    const practice = await submission(owner.id, { public: 0.9, private: 0.9, counted: false });
    const refused = await mark(practice, owner.session);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe("submission.final_ineligible");

    const anonymous = await mark(theirs, {});
    expect(anonymous.statusCode).toBe(401);
    const badKey = await mark(theirs, { "x-api-key": "not-a-key" });
    expect(badKey.statusCode).toBe(401);

    // A signed-in user without a team has nothing to mark.
    const loner = await signUp(t.app, "final-loner@example.org");
    const noTeam = await mark(theirs, loner.auth);
    expect(noTeam.statusCode).toBe(404);
    expect(codeOf(noTeam)).toBe("team.not_member");

    const marked = await db().select().from(submissions).where(isNotNull(submissions.finalAt));
    expect(marked.filter((row) => row.teamId === owner.id)).toEqual([]);
  });

  it("marks at most two when many marks arrive at once", async () => {
    const team = await teamWithMember("final-race");
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await submission(team.id, { public: i / 10, private: 0 }));
    const answers = await Promise.all(ids.map((id) => mark(id, team.key)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409]);
    const rows = await db().select().from(submissions).where(eq(submissions.teamId, team.id));
    expect(rows.filter((row) => row.finalAt !== null)).toHaveLength(2);
  });

  it("refuses marking and unmarking once the competition window has closed", async () => {
    const team = await teamWithMember("final-closed");
    const id = await submission(team.id, { public: 0.5, private: 0.5 });
    const repository = createSubmissionsRepository({ db: db() });
    const closesAt = new Date("2025-10-27T04:59:00Z");
    const deps = (now: string) => ({
      submissions: repository,
      competitionWindow: { closesAt },
      now: () => new Date(now),
    });
    // Up to the last moment of the window it is allowed...
    const marked = await selectFinal(deps("2025-10-27T04:59:00Z"), {
      teamId: team.id,
      submissionId: id,
      final: true,
    });
    expect(marked.finalAt).not.toBeNull();
    // ...and a second later neither way.
    for (const final of [true, false]) {
      const error = await selectFinal(deps("2025-10-27T04:59:01Z"), {
        teamId: team.id,
        submissionId: id,
        final,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(409);
      expect((error as HttpError).code).toBe("submission.selection_closed");
    }
    const [row] = await db().select().from(submissions).where(eq(submissions.id, id));
    expect(row!.finalAt).not.toBeNull();
  });

  it("rebuilds the standings at once when a pick changes (issue 29)", async () => {
    const team = await teamWithMember("final-refresh");
    const id = await submission(team.id, { public: 0.5, private: 0.5 });
    const admin = await adminAuth(t.app);
    const updatedAt = async () =>
      Date.parse(
        (await t.app.inject({ url: "/api/leaderboard", headers: admin })).json().updated_at,
      );
    const before = await updatedAt();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await mark(id, team.key)).statusCode).toBe(200);
    expect(await updatedAt()).toBeGreaterThan(before);
  });
});

describe("final submissions after the window", () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await buildTestApp({
      COMPETITION_OPENS_AT: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      COMPETITION_CLOSES_AT: new Date(Date.now() - 60_000).toISOString(),
    });
  });
  afterAll(async () => closed?.close());

  it("answers both routes 409 submission.selection_closed", async () => {
    const member = await signUp(closed.app, "closed-member@example.org");
    const team = await createTeam(closed.app, member, "closed-team");
    const [row] = await closed.database.handle.db
      .insert(submissions)
      .values({
        teamId: team.id,
        challengeKey: CHALLENGE,
        status: "scored",
        predictions: gzipSync("x\n"),
        payloadHash: "h",
        rowCount: 1,
        metricName: "Macro-F1",
        metricValue: 0.5,
        privateMetricValue: 0.5,
        counted: true,
      })
      .returning({ id: submissions.id });
    for (const method of ["POST", "DELETE"] as const) {
      for (const headers of [{ "x-api-key": team.api_key }, member.auth]) {
        const response = await closed.app.inject({
          method,
          url: `/api/submissions/${row!.id}/final`,
          headers,
        });
        expect(response.statusCode).toBe(409);
        expect(codeOf(response)).toBe("submission.selection_closed");
      }
    }
  });
});
