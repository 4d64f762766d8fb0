import { gzipSync } from "node:zlib";
import {
  errorEnvelopeSchema,
  submissionDetailSchema,
  submissionHistoryResponseSchema,
  submissionSummaryResponseSchema,
} from "@tandem/contracts";
import { challengeBaselines, submissions } from "@tandem/db";
import { parseCsvRows } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuth, buildTestApp, createTeam, newMember, signUp, type TestApp } from "./helper";

/** Issue 18: the dashboard's view of a team's submissions, and the browser's upload. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SUBMISSIONS_PER_DAY: "3" });
});
afterAll(async () => t?.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const db = () => t.database.handle.db;

/** A new active team with two signed-in members: the team's key and both sessions. */
async function teamOfTwo(name: string) {
  const owner = await signUp(t.app, `${name}@example.org`);
  const team = await createTeam(t.app, owner, name);
  const second = await newMember(t.app, name);
  const joined = await inject({
    method: "POST",
    url: "/api/teams/join",
    headers: second.auth,
    payload: { team_id: team.invite_code },
  });
  expect(joined.statusCode).toBe(200);
  await inject({
    method: "POST",
    url: "/api/competition/start",
    headers: { ...(await adminAuth(t.app)), "x-team-id": team.id },
  });
  return { id: team.id, key: { "x-api-key": team.api_key }, owner, second };
}

/** A valid Retail Banking challenge 1 file whose labels vary with `variant`. */
async function fraudFile(variant: number): Promise<string> {
  const ids = parseCsvRows(
    (await inject({ url: "/static/retail-banking/sample_submission_c1.csv" })).body,
  )
    .slice(1)
    .map((row) => row[0]!);
  return `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${i % (variant + 2) === 0 ? 1 : 0}`).join("\n")}\n`;
}

const submit = (headers: Record<string, string>, csv: string, extra: object = {}) =>
  inject({
    method: "POST",
    url: "/api/submit",
    headers,
    payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: csv, ...extra },
  });

const history = async (headers: Record<string, string>, query = "") => {
  const response = await inject({ url: `/api/submissions/history${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return submissionHistoryResponseSchema.parse(response.json());
};

const summary = async (headers: Record<string, string>) => {
  const response = await inject({ url: "/api/submissions/summary", headers });
  expect(response.statusCode, response.body).toBe(200);
  return submissionSummaryResponseSchema.parse(response.json()).challenges;
};

/** `count` submissions written straight to the table, all at one instant (ties on created_at). */
async function storedRows(
  teamId: string,
  count: number,
  at: Date,
  values: { challengeKey?: string; status?: "scored" | "invalid" | "failed" } = {},
) {
  const rows = await db()
    .insert(submissions)
    .values(
      Array.from({ length: count }, (_, i) => ({
        teamId,
        challengeKey: values.challengeKey ?? "retail-banking/2",
        status: values.status ?? "scored",
        predictions: gzipSync("x\n"),
        payloadHash: `h-${i}-${Math.random()}`,
        rowCount: 1,
        metricName: "RMSE",
        metricValue: values.status === undefined || values.status === "scored" ? i : null,
        counted: true,
        createdAt: at,
      })),
    )
    .returning({ id: submissions.id });
  return rows.map((row) => row.id);
}

describe("who sent it, and the note", () => {
  it("records a member's browser upload as theirs with its note, and a key's as the API key's", async () => {
    const team = await teamOfTwo("notes-team");
    const file = await fraudFile(1);
    const byMember = await submit(team.second.auth, file, { note: "  gradient boosting v2  " });
    expect(byMember.statusCode, byMember.body).toBe(200);
    const byKey = await submit({ ...team.key, "idempotency-key": "k-1" }, await fraudFile(2));
    expect(byKey.statusCode, byKey.body).toBe(200);

    const seenByOwner = await history(team.owner.auth);
    const seenByKey = await history(team.key);
    expect(seenByOwner).toEqual(seenByKey);
    const [newest, older] = seenByOwner.submissions;
    expect(newest).toMatchObject({
      submission_id: byKey.json().submission_id,
      note: null,
      submitted_by: { kind: "api_key", username: null },
    });
    const secondName = (
      await inject({ url: "/api/verify-token", headers: team.second.auth })
    ).json().user.username;
    expect(older).toMatchObject({
      submission_id: byMember.json().submission_id,
      note: "gradient boosting v2",
      submitted_by: { kind: "user", username: secondName },
      status: "scored",
      counted: true,
    });
  });

  it("refuses a note over 500 characters and stores nothing", async () => {
    const team = await teamOfTwo("long-note");
    const response = await submit(team.key, await fraudFile(1), { note: "n".repeat(501) });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({
      code: "request.invalid",
      error: "note must be at most 500 characters",
    });
    expect(await db().select().from(submissions).where(eq(submissions.teamId, team.id))).toEqual(
      [],
    );
  });

  it("takes the member's own team from the session, whatever key comes with it", async () => {
    const mine = await teamOfTwo("session-wins");
    const other = await teamOfTwo("other-key");
    const response = await submit({ ...mine.owner.auth, ...other.key }, await fraudFile(3));
    expect(response.statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(submissions)
      .where(eq(submissions.id, response.json().submission_id));
    expect(row).toMatchObject({ teamId: mine.id, submittedVia: "user" });
  });

  it("answers a signed-in user with no team 404 team.not_member", async () => {
    const loner = await newMember(t.app, "loner");
    for (const url of ["/api/submissions/summary", "/api/submissions/history"]) {
      const response = await inject({ url, headers: loner.auth });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("team.not_member");
    }
  });
});

describe("history: filters and cursor paging", () => {
  it("pages through ties on created_at newest first, every submission exactly once", async () => {
    const team = await teamOfTwo("paging");
    const at = new Date(Date.now() - 60_000);
    const tied = await storedRows(team.id, 37, at);
    const older = await storedRows(team.id, 8, new Date(at.getTime() - 1), {
      challengeKey: "retail-banking/1",
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await history(
        team.owner.auth,
        `?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.push(...page.submissions.map((s) => s.submission_id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(45);
    expect(seen.slice(0, 37).sort()).toEqual([...tied].sort());
    expect(seen.slice(37).sort()).toEqual([...older].sort());
  });

  it("filters by domain, challenge (key or number) and status, and pages within the filter", async () => {
    const team = await teamOfTwo("filters");
    const at = new Date(Date.now() - 120_000);
    await storedRows(team.id, 3, at, { challengeKey: "healthcare/2" });
    const invalid = await storedRows(team.id, 4, at, {
      challengeKey: "retail-banking/2",
      status: "invalid",
    });
    await storedRows(team.id, 2, at, { challengeKey: "commerce/3", status: "failed" });

    expect((await history(team.key, "?domain=Healthcare")).submissions).toHaveLength(3);
    expect((await history(team.key, "?domain=retail-banking")).submissions).toHaveLength(4);
    expect((await history(team.key, "?challenge=retail-banking/2")).submissions).toHaveLength(4);
    expect((await history(team.key, "?domain=Commerce&challenge=3")).submissions).toHaveLength(2);
    const byStatus = await history(team.key, "?status=invalid&limit=3");
    expect(byStatus.submissions.every((s) => s.status === "invalid")).toBe(true);
    const rest = await history(
      team.key,
      `?status=invalid&limit=3&cursor=${encodeURIComponent(byStatus.next_cursor!)}`,
    );
    expect(
      [...byStatus.submissions, ...rest.submissions].map((s) => s.submission_id).sort(),
    ).toEqual([...invalid].sort());
    expect(rest.next_cursor).toBeNull();
  });

  it("answers bad filters and cursors with 4xx and a code, never a 500", async () => {
    const team = await teamOfTwo("bad-filters");
    const cases: [string, number, string][] = [
      ["?cursor=not-a-cursor", 400, "request.invalid"],
      [`?cursor=${Buffer.from("1.2").toString("base64url")}`, 400, "request.invalid"],
      ["?status=lost", 400, "request.invalid"],
      ["?challenge=2", 400, "request.invalid"],
      ["?challenge=retail-banking/9", 404, "competition.unknown_domain"],
      ["?domain=Healthcare&challenge=retail-banking/1", 404, "competition.unknown_domain"],
      ["?domain=Atlantis", 404, "competition.unknown_domain"],
      ["?limit=501", 400, "request.invalid"],
    ];
    for (const [query, status, code] of cases) {
      const response = await inject({ url: `/api/submissions/history${query}`, headers: team.key });
      expect([query, response.statusCode]).toEqual([query, status]);
      expect(errorEnvelopeSchema.parse(response.json()).code).toBe(code);
    }
  });
});

describe("another team's submissions are never visible", () => {
  it("keeps history, detail, file and cursors within the asking team", async () => {
    const a = await teamOfTwo("private-a");
    const b = await teamOfTwo("private-b");
    const mine = await submit(a.owner.auth, await fraudFile(4), { note: "secret idea" });
    const id = mine.json().submission_id as string;
    await storedRows(b.id, 2, new Date());
    const pageOfA = await history(a.key, "?limit=1");

    for (const headers of [b.key, b.owner.auth]) {
      const theirs = await history(headers);
      expect(theirs.submissions.map((s) => s.submission_id)).not.toContain(id);
      expect(JSON.stringify(theirs)).not.toContain("secret idea");
      for (const url of [`/api/submissions/${id}`, `/api/submissions/${id}/file`]) {
        const response = await inject({ url, headers });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe("submission.not_found");
      }
      // A's cursor, replayed by B, still only reads B's rows.
      const replay = await history(
        headers,
        `?cursor=${encodeURIComponent(pageOfA.next_cursor ?? "")}`,
      );
      expect(replay.submissions.every((s) => s.challenge_key === "retail-banking/2")).toBe(true);
    }
    const anonymous = await inject({ url: "/api/submissions/history" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("one submission's page and its file", () => {
  it("answers the detail with the history fields, and the file exactly as sent", async () => {
    const team = await teamOfTwo("detail");
    const file = await fraudFile(5);
    const sent = await submit(team.second.auth, file, { note: "first try" });
    const id = sent.json().submission_id as string;
    const detail = submissionDetailSchema.parse(
      (await inject({ url: `/api/submissions/${id}`, headers: team.owner.auth })).json(),
    );
    expect(detail).toMatchObject({
      submission_id: id,
      status: "scored",
      challenge_key: "retail-banking/1",
      domain: "Retail Banking",
      challenge: 1,
      note: "first try",
      submitted_by: { kind: "user" },
      validation_passed: true,
      details: { expected_format: "TxnID,FraudLabel" },
    });
    expect(detail.details.actual_rows).toBe(detail.details.expected_rows);

    const download = await inject({ url: `/api/submissions/${id}/file`, headers: team.key });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="retail-banking-challenge-1-${id.slice(0, 8)}.csv"`,
    );
    expect(download.body).toBe(file);
  });
});

describe("summary", () => {
  it("gives every challenge with the quota, the reset, the best public score and the baseline", async () => {
    const team = await teamOfTwo("summary-team");
    const before = await summary(team.owner.auth);
    expect(before).toHaveLength(17);
    const fraud = before.find((c) => c.challenge_key === "retail-banking/1")!;
    expect(fraud).toMatchObject({
      domain: "Retail Banking",
      challenge: 1,
      score: null,
      score_kind: "public",
      higher_is_better: true,
      used_today: 0,
      daily_limit: 3,
      remaining_today: 3,
      counted: false,
      beats_baseline: null,
      submissions: 0,
    });
    const nextMidnight = new Date();
    nextMidnight.setUTCHours(24, 0, 0, 0);
    expect(fraud.resets_at).toBe(nextMidnight.toISOString());
    expect(fraud.expected_rows).toBeGreaterThan(0);

    const scores: number[] = [];
    let lastAnswer: { remaining_today: number } | undefined;
    for (const variant of [1, 2]) {
      const response = await submit(
        { ...team.key, "idempotency-key": `s-${variant}` },
        await fraudFile(variant),
      );
      expect(response.statusCode).toBe(200);
      scores.push(response.json().score);
      lastAnswer = response.json();
    }
    // A platform failure does not use up the day's quota.
    await storedRows(team.id, 1, new Date(), {
      challengeKey: "retail-banking/1",
      status: "failed",
    });
    const [baseline] = await db()
      .select()
      .from(challengeBaselines)
      .where(eq(challengeBaselines.challengeKey, "retail-banking/1"));

    const after = (await summary(team.key)).find((c) => c.challenge_key === "retail-banking/1")!;
    expect(after).toMatchObject({
      score: Math.max(...scores),
      used_today: 2,
      // The quota a client reads before an upload is the one the last submit answered.
      remaining_today: lastAnswer?.remaining_today,
      submissions: 3,
      counted: true,
      baseline: baseline?.metricValue ?? null,
    });
    if (baseline) expect(after.beats_baseline).toBe(Math.max(...scores) > baseline.metricValue);
    expect(await summary(team.owner.auth)).toEqual(await summary(team.key));
  });

  it("shows nothing counted for a team that is not active yet", async () => {
    const owner = await newMember(t.app, "inactive-summary");
    await createTeam(t.app, owner, "inactive-summary");
    const challenges = await summary(owner.auth);
    expect(challenges.every((c) => !c.counted && c.score === null)).toBe(true);
  });
});
