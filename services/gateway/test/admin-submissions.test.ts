import { gzipSync } from "node:zlib";
import { adminSubmissionDetailSchema, adminSubmissionsPageSchema } from "@tandem/contracts";
import { submissions, users } from "@tandem/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeTeam, adminAuth, buildTestApp, newMember, signUp, type TestApp } from "./helper";

/** Issue 19: the organizers' list of every team's submissions, one of them, and its file. */
let t: TestApp;
let admin: Record<string, string>;
const teamIds: Record<string, string> = {};
/** Every inserted submission, newest first (ties by id, descending), as the list orders them. */
let expected: { id: string; teamId: string; challengeKey: string; status: string }[] = [];

const T0 = Date.parse("2025-10-20T12:00:00.000Z");

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAuth(t.app);
  for (const name of ["subs-alpha", "subs-beta"])
    teamIds[name] = (await activeTeam(t.app, name)).id;
  const member = await signUp(t.app, "subs-member@example.org");
  const statuses = ["scored", "invalid", "failed", "queued", "scored"] as const;
  const rows = Array.from({ length: 30 }, (_, i) => {
    const team = i % 6 === 5 ? "subs-beta" : "subs-alpha";
    const status = statuses[i % statuses.length]!;
    return {
      teamId: teamIds[team]!,
      challengeKey: i % 2 === 0 ? "insurance/1" : "healthcare/2",
      status,
      predictions: gzipSync(`id,label\n${i},1\n`),
      payloadHash: `hash-${i}`,
      rowCount: 1,
      metricName: "Macro-F1",
      metricValue: status === "scored" ? i / 100 : null,
      privateMetricValue: status === "scored" ? i / 200 : null,
      errorMessage: status === "invalid" ? "=HYPERLINK(bad)" : null,
      validationErrors: status === "invalid" ? ["row 2: unknown id"] : null,
      counted: true,
      attempts: status === "queued" ? 0 : 1,
      answersVersion: status === "scored" ? 1 : null,
      note: i === 3 ? "second try" : null,
      submittedVia: i === 3 ? ("user" as const) : ("api_key" as const),
      submittedBy: i === 3 ? member.userId : null,
      // Pairs share a time, so the order rests on the id tie-break too.
      createdAt: new Date(T0 + Math.floor(i / 2) * 60_000),
      scoredAt: status === "queued" ? null : new Date(T0 + Math.floor(i / 2) * 60_000 + 2500),
    };
  });
  const inserted = await t.database.handle.db.insert(submissions).values(rows).returning({
    id: submissions.id,
    teamId: submissions.teamId,
    challengeKey: submissions.challengeKey,
    status: submissions.status,
    createdAt: submissions.createdAt,
  });
  expected = inserted
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map(({ createdAt: _, ...row }) => row);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = admin) =>
  t.app.inject({ method: "GET", url, headers });

async function page(query: string) {
  const response = await get(`/api/admin/submissions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return adminSubmissionsPageSchema.parse(response.json());
}

/** Every page of a query, following next_cursor; the ids in order. */
async function walk(query: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const body = await page(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    ids.push(...body.submissions.map((row) => row.id));
    cursor = body.next_cursor;
    if (!cursor) return ids;
  }
  throw new Error("paging did not end");
}

describe("GET /api/admin/submissions", () => {
  it("pages through every team's submissions newest first, each exactly once", async () => {
    expect(await walk("", 7)).toEqual(expected.map((row) => row.id));
    expect(await walk("", 30)).toEqual(expected.map((row) => row.id));
  });

  it("filters by team, challenge, status and time, paging within the filter", async () => {
    const beta = teamIds["subs-beta"]!;
    expect(await walk(`team=${beta}`, 2)).toEqual(
      expected.filter((row) => row.teamId === beta).map((row) => row.id),
    );
    expect(await walk("challenge=insurance/1&status=scored", 3)).toEqual(
      expected
        .filter((row) => row.challengeKey === "insurance/1" && row.status === "scored")
        .map((row) => row.id),
    );
    const since = new Date(T0 + 5 * 60_000).toISOString();
    const until = new Date(T0 + 10 * 60_000).toISOString();
    // Minutes 5 to 9: ten submissions, two a minute.
    expect((await page(`since=${since}&until=${until}&limit=100`)).submissions).toHaveLength(10);
  });

  it("shows organizers both scores, the submitter and the attempts", async () => {
    const body = await page("limit=100");
    const scored = body.submissions.find((row) => row.status === "scored")!;
    expect(scored.public_score).not.toBeNull();
    expect(scored.private_score).toBeCloseTo(scored.public_score! / 2);
    const byMember = body.submissions.find((row) => row.note === "second try")!;
    expect(byMember.submitted_by).toEqual({ kind: "user", username: expect.any(String) });
    expect(byMember.team.name).toBe("subs-alpha");
    expect(body.submissions.find((row) => row.status === "queued")!.attempts).toBe(0);
  });

  it("answers 400 for a cursor or filter it cannot read", async () => {
    for (const query of ["cursor=not-a-cursor", "status=done", "since=yesterday", "team=7"]) {
      const response = await get(`/api/admin/submissions?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe("request.invalid");
    }
  });
});

describe("GET /api/admin/submissions/{id}", () => {
  it("adds validation errors, answers versions, the claim and the time to score", async () => {
    const invalid = expected.find((row) => row.status === "invalid")!;
    const response = await get(`/api/admin/submissions/${invalid.id}`);
    expect(response.statusCode).toBe(200);
    const body = adminSubmissionDetailSchema.parse(response.json());
    expect(body).toMatchObject({
      id: invalid.id,
      status: "invalid",
      error: "=HYPERLINK(bad)",
      validation_errors: ["row 2: unknown id"],
      answers_version: null,
      current_answers_version: expect.any(Number),
      claimed_at: null,
      seconds_to_score: 2.5,
    });
  });

  it("serves the file the team sent, as an attachment", async () => {
    const first = expected.at(-1)!;
    const response = await get(`/api/admin/submissions/${first.id}/file`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.csv"$/);
    // The oldest pair (i = 0 and 1) shares a time; which is last rests on the ids.
    expect(response.body).toMatch(/^id,label\n[01],1\n$/);
  });

  it("answers 404 for an id no submission has", async () => {
    for (const url of [
      "/api/admin/submissions/00000000-0000-4000-8000-000000000000",
      "/api/admin/submissions/00000000-0000-4000-8000-000000000000/file",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe("admin.submission_not_found");
    }
  });
});

describe("who may read submissions", () => {
  it("answers 401 without a session or for a disabled organizer, 403 for a participant", async () => {
    const participant = await newMember(t.app, "subs-participant");
    const disabled = await newMember(t.app, "subs-disabled-admin");
    await t.database.handle.db
      .update(users)
      .set({ adminAccess: true, status: "disabled" })
      .where(eq(users.id, disabled.userId));
    const id = expected[0]!.id;
    for (const url of [
      "/api/admin/submissions",
      `/api/admin/submissions/${id}`,
      `/api/admin/submissions/${id}/file`,
    ]) {
      expect((await get(url, {})).statusCode, url).toBe(401);
      expect((await get(url, disabled.auth)).statusCode, url).toBe(401);
      const refused = await get(url, participant.auth);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe("auth.admin_required");
    }
  });
});
