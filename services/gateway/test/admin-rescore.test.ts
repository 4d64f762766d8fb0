import { gunzipSync, gzipSync } from "node:zlib";
import {
  adminSubmissionDetailSchema,
  challengeRescoreProgressSchema,
  domainLeaderboardSchema,
} from "@tandem/contracts";
import { auditLog, submissions, users } from "@tandem/db";
import { parseCsvRows } from "@tandem/scoring";
import { and, desc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeTeam, adminAuth, buildTestApp, newMember, type TestApp } from "./helper";
import { CHALLENGE, flipStoredAnswers, storedAnswers, submitRetail } from "./rescore-fixtures";

/**
 * Issue 19: organizers send submissions back through the scoring pipeline (the worker the test
 * app runs on BullMQ), after an answer fix, and invalidate one by hand.
 *
 * Two teams on retail-banking/1 (Macro-F1): "exact" sends the hidden answers themselves (1.0),
 * "zeros" says no transaction is fraud. The fix flips every answer: "exact" is then wrong on
 * every row (0) and "zeros" right on the formerly fraudulent ones, so the two swap places.
 */
const ENCODED = encodeURIComponent(CHALLENGE);
let t: TestApp;
let admin: Record<string, string>;
const teams: Record<string, { id: string; api_key: string }> = {};
const ids: Record<string, string> = {};

const inject = (options: InjectOptions) => t.app.inject(options);
const post = (url: string, payload?: Record<string, unknown>, headers = admin) =>
  inject({ method: "POST", url, headers, ...(payload === undefined ? {} : { payload }) });
const get = (url: string, headers = admin) => inject({ method: "GET", url, headers });

const submit = (team: string, csv: string) => submitRetail(t, teams[team]!.api_key, csv);

async function detail(id: string) {
  const response = await get(`/api/admin/submissions/${id}`);
  expect(response.statusCode).toBe(200);
  return adminSubmissionDetailSchema.parse(response.json());
}

/** The challenge's cells on the domain leaderboard shown now: team name -> metric value. */
async function board() {
  const response = await get("/api/leaderboard/domain/retail-banking");
  const body = domainLeaderboardSchema.parse(response.json());
  return Object.fromEntries(
    body.leaderboard.map((row) => [row.team_name, row.challenges[CHALLENGE]?.metric_value ?? null]),
  );
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function auditOf(action: string, targetId: string | null) {
  return t.database.handle.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        targetId === null ? undefined : eq(auditLog.targetId, targetId),
      ),
    )
    .orderBy(desc(auditLog.createdAt));
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAuth(t.app);
  for (const name of ["rescore-exact", "rescore-zeros"])
    teams[name] = await activeTeam(t.app, name);
  const answers = gunzipSync((await storedAnswers(t)).answers).toString("utf8");
  const rows = parseCsvRows(answers).slice(1);
  ids.exact = await submit("rescore-exact", answers);
  ids.zeros = await submit(
    "rescore-zeros",
    `TxnID,FraudLabel\n${rows.map((row) => `${row[0]},0`).join("\n")}\n`,
  );
});
afterAll(async () => t?.close());

describe("rescoring one submission", () => {
  it("scores it again through the queue, answers the new result and audits it", async () => {
    const before = await detail(ids.exact!);
    expect(before.public_score).toBe(1);
    const response = await post(`/api/admin/submissions/${ids.exact}/rescore`);
    expect(response.statusCode, response.body).toBe(200);
    const after = adminSubmissionDetailSchema.parse(response.json());
    expect(after).toMatchObject({
      status: "scored",
      public_score: 1,
      attempts: before.attempts + 1,
    });
    const [entry] = await auditOf("submission.rescore", ids.exact!);
    expect(entry).toMatchObject({
      targetType: "submission",
      before: { status: "scored", public_score: 1, private_score: before.private_score },
      after: { status: "queued" },
    });
  });

  it("answers 409 while it is unfinished and 404 for an unknown id", async () => {
    const [queued] = await t.database.handle.db
      .insert(submissions)
      .values({
        teamId: teams["rescore-zeros"]!.id,
        challengeKey: "insurance/2",
        status: "queued",
        predictions: gzipSync("x\n"),
        payloadHash: "queued",
        rowCount: 0,
        metricName: "RMSE",
        counted: true,
      })
      .returning({ id: submissions.id });
    const busy = await post(`/api/admin/submissions/${queued!.id}/rescore`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe("admin.submission_unfinished");
    await t.database.handle.db.delete(submissions).where(eq(submissions.id, queued!.id));
    const unknown = await post(
      "/api/admin/submissions/00000000-0000-4000-8000-000000000000/rescore",
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("admin.submission_not_found");
  });
});

describe("rescoring a challenge after an answer fix", () => {
  it("re-queues its results, reports progress and what moved, and the leaderboard follows", async () => {
    const was = await board();
    expect(was["rescore-exact"]).toBe(1);
    expect(was["rescore-zeros"]).toBeLessThan(1);

    // The fix, as a data reload writes it: new answers under a new version.
    const stored = await flipStoredAnswers(t);

    const started = await post(`/api/admin/challenges/${ENCODED}/rescore`);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toEqual({ queued: 2, challenge_key: CHALLENGE });

    const progress = challengeRescoreProgressSchema.parse(
      (
        await until(
          () => get(`/api/admin/challenges/${ENCODED}/rescore`),
          (response) => response.json().remaining === 0,
        )
      ).json(),
    );
    expect(progress).toMatchObject({ total: 2, remaining: 0, done: 2, challenge_key: CHALLENGE });
    expect(progress.scores_changed.count).toBe(2);
    // The largest move first: "exact" went from 1 to 0.
    expect(progress.scores_changed.largest[0]).toMatchObject({
      submission_id: ids.exact,
      public_before: 1,
      public_after: 0,
      status: "scored",
    });
    expect(
      progress.ranks_changed.map((move) => [move.team.name, move.rank_before, move.rank_after]),
    ).toEqual([
      ["rescore-zeros", 2, 1],
      ["rescore-exact", 1, 2],
    ]);

    const now = await until(board, (cells) => cells["rescore-exact"] === 0);
    expect(now["rescore-exact"]).toBe(0);
    expect(now["rescore-zeros"]).toBeGreaterThan(0);
    expect((await detail(ids.zeros!)).answers_version).toBe(stored.version + 1);

    const [entry] = await auditOf("challenge.rescore", CHALLENGE);
    expect(entry).toMatchObject({ targetType: "challenge", after: { queued: 2 } });
    expect(Object.keys((entry!.before as { submissions: object }).submissions).sort()).toEqual(
      [ids.exact, ids.zeros].sort(),
    );
  });

  it("answers 404 for an unknown challenge or one never rescored", async () => {
    const unknown = await post(
      `/api/admin/challenges/${encodeURIComponent("insurance/9")}/rescore`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("competition.unknown_domain");
    const never = await get(`/api/admin/challenges/${encodeURIComponent("insurance/1")}/rescore`);
    expect(never.statusCode).toBe(404);
    expect(never.json().code).toBe("admin.rescore_not_found");
  });
});

describe("invalidating a submission", () => {
  it("marks it invalid with the reason, takes it off the leaderboard and audits it", async () => {
    const reason = "Submitted with another team's model (rule 4).";
    const response = await post(`/api/admin/submissions/${ids.zeros}/invalidate`, { reason });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: "invalid",
      error: reason,
      public_score: null,
      private_score: null,
    });
    expect((await board())["rescore-zeros"]).toBeNull();
    const history = await inject({
      url: "/api/submissions/history",
      headers: { "x-api-key": teams["rescore-zeros"]!.api_key },
    });
    expect(history.json().submissions[0]).toMatchObject({ status: "invalid", error: reason });
    const [entry] = await auditOf("submission.invalidate", ids.zeros!);
    expect(entry).toMatchObject({
      before: { status: "scored" },
      after: { status: "invalid", error: reason },
    });
  });

  it("needs a reason", async () => {
    const response = await post(`/api/admin/submissions/${ids.zeros}/invalidate`, { reason: " " });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("request.invalid");
  });
});

describe("retrying failed submissions", () => {
  it("re-queues the failed ones of a challenge, scores them and audits the count", async () => {
    const answers = gunzipSync((await storedAnswers(t)).answers).toString("utf8");
    const [failed] = await t.database.handle.db
      .insert(submissions)
      .values({
        teamId: teams["rescore-exact"]!.id,
        challengeKey: CHALLENGE,
        status: "failed",
        predictions: gzipSync(answers),
        payloadHash: "failed-once",
        rowCount: parseCsvRows(answers).length - 1,
        metricName: "Macro-F1",
        errorMessage: "Scoring failed on the platform; it will not count against you.",
        counted: true,
        attempts: 3,
        scoredAt: new Date(),
      })
      .returning({ id: submissions.id });
    const response = await post("/api/admin/submissions/retry-failed", {
      challenge_key: CHALLENGE,
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ queued: 1, challenge_key: CHALLENGE });
    const scored = await until(
      () => detail(failed!.id),
      (row) => row.status === "scored",
    );
    expect(scored).toMatchObject({ status: "scored", public_score: 1, error: null, attempts: 4 });
    const [entry] = await auditOf("submission.retry_failed", CHALLENGE);
    expect(entry).toMatchObject({ after: { queued: 1 }, before: { submission_ids: [failed!.id] } });

    const none = await post("/api/admin/submissions/retry-failed");
    expect(none.statusCode).toBe(202);
    expect(none.json()).toEqual({ queued: 0, challenge_key: null });
  });
});

describe("who may rescore", () => {
  it("answers 401 without a session or for a disabled organizer, 403 for a participant", async () => {
    const participant = await newMember(t.app, "rescore-participant");
    const disabled = await newMember(t.app, "rescore-disabled-admin");
    await t.database.handle.db
      .update(users)
      .set({ adminAccess: true, status: "disabled" })
      .where(eq(users.id, disabled.userId));
    const calls: [string, string, unknown?][] = [
      ["POST", `/api/admin/submissions/${ids.exact}/rescore`],
      ["POST", `/api/admin/submissions/${ids.exact}/invalidate`, { reason: "no" }],
      ["POST", "/api/admin/submissions/retry-failed", {}],
      ["POST", `/api/admin/challenges/${ENCODED}/rescore`],
      ["GET", `/api/admin/challenges/${ENCODED}/rescore`],
    ];
    for (const [method, url, payload] of calls) {
      const send = (headers: Record<string, string>) =>
        inject({
          method: method as "GET" | "POST",
          url,
          headers,
          ...(payload ? { payload } : {}),
        });
      expect((await send({})).statusCode, url).toBe(401);
      expect((await send(disabled.auth)).statusCode, url).toBe(401);
      const refused = await send(participant.auth);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe("auth.admin_required");
    }
    // Nothing was done by the refused calls.
    expect((await detail(ids.exact!)).status).toBe("scored");
  });
});
