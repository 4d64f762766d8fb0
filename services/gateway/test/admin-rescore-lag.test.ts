import { gunzipSync } from "node:zlib";
import { type ChallengeRescoreProgress, challengeRescoreProgressSchema } from "@tandem/contracts";
import { parseCsvRows } from "@tandem/scoring";
import { afterAll, beforeAll, expect, it } from "vitest";
import { activeTeam, adminAuth, buildTestApp, type TestApp } from "./helper";
import { CHALLENGE, flipStoredAnswers, storedAnswers, submitRetail } from "./rescore-fixtures";

/**
 * A challenge rescore reports what moved from the standings shown. In production the workers
 * rebuild them behind the scores, at most once per RANKINGS_MIN_GAP_MS (ADR 0012), so the
 * cached standings can predate the last rescored result when the progress first says "done";
 * the organizers' page stops asking then. Here the worker's rebuilds are a minute apart:
 * none comes between the rescore and the test's reads.
 */
const ENCODED = encodeURIComponent(CHALLENGE);
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({}, { rankings: { minGapMs: 120_000 } });
  admin = await adminAuth(t.app);
  const exact = await activeTeam(t.app, "lag-exact");
  const zeros = await activeTeam(t.app, "lag-zeros");
  const answers = gunzipSync((await storedAnswers(t)).answers).toString("utf8");
  const rows = parseCsvRows(answers).slice(1);
  // Scored at intake: the gateway rebuilds the standings itself.
  const first = await submitRetail(t, exact.api_key, answers);
  await submitRetail(
    t,
    zeros.api_key,
    `TxnID,FraudLabel\n${rows.map((row) => `${row[0]},0`).join("\n")}\n`,
  );
  // Through the worker twice: its first rebuild starts its two-minute gap, and the second
  // score waits for the next. The cached standings then lack "lag-exact" (the gateway refreshed
  // them while it was reopened): what it ranked before must come from fresh ones too.
  for (let i = 0; i < 2; i++) {
    const rescored = await t.app.inject({
      method: "POST",
      url: `/api/admin/submissions/${first}/rescore`,
      headers: admin,
    });
    expect(rescored.statusCode, rescored.body).toBe(200);
  }
});
afterAll(async () => t?.close());

it("reports the ranks that moved from standings that include every rescored result", async () => {
  await flipStoredAnswers(t);

  const started = await t.app.inject({
    method: "POST",
    url: `/api/admin/challenges/${ENCODED}/rescore`,
    headers: admin,
  });
  expect(started.statusCode, started.body).toBe(202);

  const deadline = Date.now() + 20_000;
  let progress: ChallengeRescoreProgress;
  for (;;) {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/admin/challenges/${ENCODED}/rescore`,
      headers: admin,
    });
    progress = challengeRescoreProgressSchema.parse(response.json());
    if (progress.remaining === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(progress).toMatchObject({ total: 2, remaining: 0 });
  expect(
    progress.ranks_changed.map((move) => [move.team.name, move.rank_before, move.rank_after]),
  ).toEqual([
    ["lag-zeros", 2, 1],
    ["lag-exact", 1, 2],
  ]);
});
