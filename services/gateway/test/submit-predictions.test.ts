import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildCompetition, withMainWindow } from "@tandem/competition";
import { challengeByKey, defaultDefinition } from "@tandem/competition/server";
import { generateDatasets } from "@tandem/datasets";
import { createTestSetStore, type Database, submissions, teams } from "@tandem/db";
import { createTestSetCache, decodeAligned, type TestSetLookup } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  TEST_DATA_SEED,
  type TestDatabase,
} from "../../../test/support/services";
import { shownExactly } from "../../../test/support/shown";
import { HttpError } from "../src/lib/http-error";
import { checkSubmission } from "../src/lib/submission-parser/check-submission";
import { createSubmissionsRepository } from "../src/modules/submissions/submissions.repository";
import {
  type SubmitDeps,
  type SubmitInput,
  submitPredictions,
} from "../src/modules/submissions/submit.service";

/** The default edition with its main phase moved to `window`. */
const inWindow = (window: { opensAt: Date; closesAt: Date }) =>
  buildCompetition(withMainWindow(defaultDefinition(), window));

/**
 * The /submit use-case without HTTP: real Postgres and real validation, a dispatcher that
 * records what it was handed (scoring is the worker's, tested in workers/scoring).
 */
const CHALLENGE = "food/1";
// The clock the use-case reads; rows get the database's own time, so it must be close to it.
const NOW = new Date();

let database: TestDatabase;
let db: Database;
let staticDir: string;
let getTestSet: TestSetLookup;
let goodCsv: string;
let teamId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  staticDir = await mkdtemp(join(tmpdir(), "tandem-submit-use-case-"));
  await generateDatasets({ db, staticDir, seed: TEST_DATA_SEED, scale: 0.002, domains: ["food"] });
  getTestSet = createTestSetCache(createTestSetStore({ db }));
  const challenge = challengeByKey(CHALLENGE);
  const testSet = challenge ? await getTestSet(challenge) : undefined;
  if (!challenge || !testSet) throw new Error("fixture has no test set for food/1");
  goodCsv = [challenge.header.join(","), ...testSet.ids.map((id) => `${id},1`)].join("\n");
});
afterAll(async () => {
  await database?.drop();
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
});

beforeEach(async () => {
  const [team] = await db
    .insert(teams)
    .values({
      name: `use-case-${Math.random().toString(36).slice(2, 10)}`,
      status: "active",
      apiKeyHash: Math.random().toString(36),
      apiKeyEncrypted: "unused",
    })
    .returning({ id: teams.id });
  teamId = team?.id ?? "";
});

type Rules = Awaited<ReturnType<SubmitDeps["rules"]>>;

function deps(overrides: Partial<SubmitDeps> = {}, rules: Partial<Rules> = {}) {
  const dispatched: string[] = [];
  const value: SubmitDeps = {
    submissions: createSubmissionsRepository({ db }),
    getTestSet,
    dispatcher: {
      async dispatch(id) {
        dispatched.push(id);
        return "pending";
      },
    },
    // The parser threads' check, run on this thread.
    check: async (csv, challenge, testSet) => {
      const checked = checkSubmission(csv, challenge, testSet);
      return checked.ok
        ? {
            ...checked,
            predictions: Buffer.from(checked.predictions),
            aligned: Buffer.from(checked.aligned),
          }
        : checked;
    },
    rules: async () => ({
      submissionsPaused: false,
      pauseMessage: null,
      dailyLimit: 3,
      competition: inWindow({
        opensAt: new Date(NOW.getTime() - 86_400_000),
        closesAt: new Date(NOW.getTime() + 86_400_000),
      }),
      ...rules,
    }),
    waitMs: 0,
    isRevealed: async () => false,
    now: () => NOW,
    ...overrides,
  };
  return { deps: value, dispatched };
}

const input = (values: Partial<SubmitInput> = {}): SubmitInput => ({
  team: { id: teamId, status: "active" },
  domainName: "Food",
  taskNumber: 1,
  csv: Buffer.from(goodCsv),
  traceId: "req-1",
  ...values,
});

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${error}`);
  return error;
}

const stored = () => db.select().from(submissions).where(eq(submissions.teamId, teamId));

describe("submitPredictions", () => {
  it("stores a valid file, hands it to scoring and answers 202 while it is scored", async () => {
    const { deps: d, dispatched } = deps();
    const outcome = await submitPredictions(d, input());
    expect(outcome.status).toBe(202);
    expect(outcome.body.status).toBe("queued");
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(dispatched).toEqual([rows[0]?.id]);
    expect(outcome.body.submission_id).toBe(rows[0]?.id);
    expect(rows[0]?.counted).toBe(true);
  });

  it("stores a valid file queued with its answer-free aligned form, for a worker to score", async () => {
    const { deps: d, dispatched } = deps();
    const outcome = await submitPredictions(d, input({ idempotencyKey: "aligned-1" }));
    expect([outcome.status, outcome.body.status]).toEqual([202, "queued"]);
    const testSet = (await getTestSet(challengeByKey(CHALLENGE)!))!;
    const [row] = await stored();
    // Nothing is scored at intake (ADR 0021): no score, no answers version, no scored time.
    expect(row).toMatchObject({
      status: "queued",
      metricValue: null,
      privateMetricValue: null,
      answersVersion: null,
      scoredAt: null,
    });
    expect(dispatched).toEqual([row?.id]);
    // The form: every row of the test set, in its order, aligned to its digest; 1 everywhere.
    const form = decodeAligned(row!.aligned!);
    expect(form).toMatchObject({
      kind: "numeric",
      rows: testSet.ids.length,
      digest: testSet.digest,
    });
    if (form.kind !== "numeric") throw new Error("not a numeric form");
    expect(new Set(form.values)).toEqual(new Set([1]));
  });

  it("answers the quota left, this one counted; a retry or a resent file uses none", async () => {
    const { deps: d } = deps();
    const first = await submitPredictions(d, input({ idempotencyKey: "quota-1" }));
    expect(first.body.remaining_today).toBe(2);
    const retry = await submitPredictions(d, input({ idempotencyKey: "quota-1" }));
    expect([retry.replayed, retry.body.remaining_today]).toEqual([true, 2]);
    const resent = await submitPredictions(d, input());
    expect([resent.replayed, resent.body.remaining_today]).toEqual([true, 2]);
    const other = goodCsv.replace(/,1$/gm, ",2");
    const next = await submitPredictions(d, input({ csv: Buffer.from(other) }));
    expect([next.replayed, next.body.remaining_today]).toEqual([false, 1]);
    expect(await stored()).toHaveLength(2);
  });

  it("reads the team's standing only where teams may see the leaderboards", async () => {
    const asked: string[] = [];
    const standing = async (id: string) => {
      asked.push(id);
      return { rank: 4, standings: "public" as const, updatedAt: new Date() };
    };
    const hidden = deps({ standing });
    const answer = await submitPredictions(hidden.deps, input({ idempotencyKey: "rank-1" }));
    expect(asked).toEqual([]);
    expect([answer.body.public_rank, answer.body.rank_change]).toEqual([null, null]);

    const window = {
      opensAt: new Date(NOW.getTime() - 86_400_000),
      closesAt: new Date(NOW.getTime() + 86_400_000),
    };
    const open = buildCompetition(
      withMainWindow({ ...defaultDefinition(), leaderboard_visibility: "participants" }, window),
    );
    const shown = deps({ standing }, { competition: open });
    const queued = await submitPredictions(shown.deps, input({ idempotencyKey: "rank-2" }));
    // Before and after; still queued, so the rank is the one before it and the change unknown.
    expect(asked).toEqual([teamId, teamId]);
    expect([queued.status, queued.body.public_rank, queued.body.rank_change]).toEqual([
      202,
      4,
      null,
    ]);
  });

  it("gives back the intake slot once the file is checked, before storing it and waiting for its score", async () => {
    const events: string[] = [];
    const { deps: d } = deps({
      dispatcher: {
        async dispatch() {
          events.push("dispatch");
          return "pending";
        },
      },
    });
    const insert = d.submissions.insertWithinLimit.bind(d.submissions);
    d.submissions.insertWithinLimit = async (...args) => {
      events.push("insert");
      return insert(...args);
    };
    const outcome = await submitPredictions(
      d,
      input({ onChecked: () => events.push("checked"), idempotencyKey: "slot-1" }),
    );
    expect(events).toEqual(["checked", "insert", "dispatch"]);
    // A pending job is answered as stored: queued, 202, without reading the row again.
    expect([outcome.status, outcome.body.status]).toEqual([202, "queued"]);
    // A retry of it gives the slot back too (found by its key: nothing inserted).
    await submitPredictions(
      d,
      input({ onChecked: () => events.push("checked"), idempotencyKey: "slot-1" }),
    );
    expect(events).toEqual(["checked", "insert", "dispatch", "checked", "dispatch"]);
  });

  it("answers with the score when scoring finishes within the wait", async () => {
    const { deps: d } = deps({
      dispatcher: {
        async dispatch(id) {
          await db
            .update(submissions)
            .set({ status: "scored", ...shownExactly(0.25), scoredAt: NOW })
            .where(eq(submissions.id, id));
          return "finished";
        },
      },
    });
    const outcome = await submitPredictions(d, input());
    expect(outcome.status).toBe(200);
    expect(outcome.body.score).toBe(0.25);
    expect(outcome.body.success).toBe(true);
  });

  it("refuses an unknown challenge, an inactive team and an invalid file, storing nothing", async () => {
    const { deps: d, dispatched } = deps();
    const unknown = await refusal(submitPredictions(d, input({ domainName: "Astronomy" })));
    expect([unknown.statusCode, unknown.code]).toEqual([404, "competition.unknown_domain"]);
    const inactive = await refusal(
      submitPredictions(d, input({ team: { id: teamId, status: "inactive" } })),
    );
    expect([inactive.statusCode, inactive.code]).toEqual([403, "team.inactive"]);
    const invalid = await refusal(
      submitPredictions(d, input({ csv: Buffer.from(goodCsv.split("\n").slice(0, 3).join("\n")) })),
    );
    expect([invalid.statusCode, invalid.code]).toEqual([400, "submission.invalid"]);
    expect(invalid.details?.actual_rows).toBe(2);
    expect(invalid.details?.validation_errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Wrong row count/)]),
    );
    expect(await stored()).toHaveLength(0);
    expect(dispatched).toEqual([]);
  });

  it("answers 503 when the challenge has no answers loaded", async () => {
    const { deps: d } = deps({ getTestSet: async () => undefined });
    const error = await refusal(submitPredictions(d, input()));
    expect([error.statusCode, error.code]).toEqual([503, "submission.scoring_unavailable"]);
  });

  it("is the same submission for a retry with the same Idempotency-Key, and for the same file resent without one", async () => {
    const { deps: d } = deps();
    const first = await submitPredictions(d, input({ idempotencyKey: "k-1" }));
    const retry = await submitPredictions(d, input({ idempotencyKey: "k-1" }));
    expect(retry.body.submission_id).toBe(first.body.submission_id);
    // A new key is a new submission, even of the same file: the key says what a retry is.
    const second = await submitPredictions(d, input({ idempotencyKey: "k-2" }));
    expect(second.body.submission_id).not.toBe(first.body.submission_id);
    // Without a key, the same file within ten minutes is the newest identical submission.
    const resent = await submitPredictions(d, input());
    expect(resent.body.submission_id).toBe(second.body.submission_id);
    expect(await stored()).toHaveLength(2);
  });

  it("refuses past the daily limit with the reset time, and counts only inside the window", async () => {
    const { deps: d } = deps({}, { dailyLimit: 2 });
    for (const key of ["a", "b"]) await submitPredictions(d, input({ idempotencyKey: key }));
    const limited = await refusal(submitPredictions(d, input({ idempotencyKey: "c" })));
    expect([limited.statusCode, limited.code]).toEqual([429, "submission.daily_limit"]);
    const midnight = new Date(
      Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate() + 1),
    );
    expect(limited.message).toContain(
      `It resets at 00:00 UTC on ${new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: "UTC" }).format(midnight)}.`,
    );
    expect(limited.details).toEqual({
      daily_limit: 2,
      used_today: 2,
      resets_at: midnight.toISOString(),
    });
    expect(limited.options.retryAfterSeconds).toBe(
      Math.ceil((midnight.getTime() - NOW.getTime()) / 1000),
    );

    const { deps: late } = deps(
      {},
      { competition: inWindow({ opensAt: new Date(0), closesAt: new Date(NOW.getTime() - 1000) }) },
    );
    const practice = await submitPredictions(late, input({ idempotencyKey: "after" }));
    expect(practice.body.counted).toBe(false);
  });

  it("lets a team's own daily limit win over the competition's", async () => {
    const { deps: d } = deps({}, { dailyLimit: 1 });
    const team = { id: teamId, status: "active", dailyLimit: 2 };
    for (const key of ["a", "b"]) await submitPredictions(d, input({ team, idempotencyKey: key }));
    const limited = await refusal(submitPredictions(d, input({ team, idempotencyKey: "c" })));
    expect(limited.message).toContain("Daily limit reached: 2 submissions per day");
  });

  it("refuses while submissions are paused with the organizers' message, storing nothing", async () => {
    const { deps: d, dispatched } = deps(
      {},
      { submissionsPaused: true, pauseMessage: "Back at 14:00." },
    );
    const paused = await refusal(submitPredictions(d, input()));
    expect([paused.statusCode, paused.code, paused.message]).toEqual([
      503,
      "submission.paused",
      "Back at 14:00.",
    ]);
    const { deps: silent } = deps({}, { submissionsPaused: true });
    expect((await refusal(submitPredictions(silent, input()))).message).toMatch(/paused/);
    expect(dispatched).toEqual([]);
    expect(await stored()).toHaveLength(0);
  });
});
