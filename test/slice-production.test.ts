import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { roundTo } from "@tandem/competition";
import { generateDatasets } from "@tandem/datasets";
import { challengeAnswers, submissions } from "@tandem/db";
import { macroF1, parseCsvRows } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type RunningProcess, startProcess, waitForReady } from "./support/processes";
import {
  createTestDatabase,
  createTestRedis,
  TEST_DATA_SEED,
  TEST_SECRETS,
  type TestDatabase,
} from "./support/services";
import { runSlice } from "./support/slice-flow";

const ADMIN = { email: "ops@example.org", password: "ops-password-1" };
let database: TestDatabase;
let redis: Awaited<ReturnType<typeof createTestRedis>>;
let dir: string;
let baseUrl: string;
let gateway: RunningProcess;
let worker: RunningProcess;
let workerEnv: Record<string, string>;
/** The API key of the team the first test creates. */
let sliceKey = "";
let firstShown = 0;

/** A submission's exact public score, as stored. */
async function storedScore(id: string): Promise<number | null> {
  const [row] = await database.handle.db
    .select({ value: submissions.metricValue })
    .from(submissions)
    .where(eq(submissions.id, id));
  return row?.value ?? null;
}

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await createTestRedis();
  dir = await mkdtemp(join(tmpdir(), "tandem-prod-"));
  await generateDatasets({
    db: database.handle.db,
    staticDir: join(dir, "static"),
    seed: TEST_DATA_SEED,
    scale: 0.005,
  });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const shared = { DATABASE_URL: database.url, REDIS_URL: redis.url, QUEUE_PREFIX: redis.prefix };
  workerEnv = { ...shared, RECONCILE_INTERVAL_MS: "1000", RECONCILE_AFTER_MS: "1000" };
  worker = startProcess("workers/scoring/src/main.ts", workerEnv);
  gateway = startProcess("services/gateway/src/server.ts", {
    ...shared,
    ...TEST_SECRETS,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    COMPETITION_OPENS_AT: new Date(Date.now() - 86_400_000).toISOString(),
    COMPETITION_CLOSES_AT: new Date(Date.now() + 86_400_000).toISOString(),
    SUBMIT_WAIT_MS: "5000",
  });
  await waitForReady(`${baseUrl}/api/ready`, gateway);
});

afterAll(async () => {
  await gateway?.stop();
  await worker?.stop();
  await redis?.cleanup();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * Every hidden label by id, and those of the public rows alone: the score a team sees before the
 * reveal is the public part's (docs/adr/0009-public-private-split.md).
 */
async function hiddenLabels(): Promise<{ all: Map<string, string>; public: Map<string, string> }> {
  const [row] = await database.handle.db
    .select()
    .from(challengeAnswers)
    .where(eq(challengeAnswers.challengeKey, "retail-banking/1"));
  const rows = parseCsvRows(gunzipSync(row!.answers).toString("utf8")).slice(1);
  const publicRows = row!.publicRows;
  if (!publicRows) throw new Error("The generated answers carry no public/private split");
  return {
    all: new Map(rows.map(([id, label]) => [id!, label!])),
    public: new Map(
      rows.flatMap(([id, label], i) => (publicRows[i] === 1 ? [[id!, label!] as const] : [])),
    ),
  };
}

describe("production mode: gateway and scoring worker as separate processes", () => {
  it("takes a new user from signup to a scored submission on the admin leaderboard", async () => {
    const result = await runSlice(baseUrl, ADMIN, "prod");
    sliceKey = result.apiKey;
    expect(result.submit.status, JSON.stringify(result.submit.body)).toBe(200);

    const truth = (await hiddenLabels()).public;
    const predictions = parseCsvRows(result.predictionsCsv)
      .slice(1)
      .filter(([id]) => truth.has(id!));
    const expected = macroF1(
      predictions.map(([id]) => truth.get(id!)!),
      predictions.map(([, label]) => label!),
    );
    expect(result.submit.body).toMatchObject({
      success: true,
      metric_name: "Macro-F1",
      counted: true,
    });
    // Stored exact; shown as the ladder shows a team's first score (docs/adr/0015).
    expect(await storedScore(result.submit.body.submission_id as string)).toBeCloseTo(expected, 12);
    firstShown = roundTo(expected, 2);
    expect(result.submit.body.score).toBe(firstShown);
    expect(result.leaderboard).toEqual([
      expect.objectContaining({
        rank: 1,
        team_name: "team-prod",
        total_score: expect.closeTo(1 / 12, 12),
      }),
    ]);
  });

  it("keeps a submission queued while no worker runs; a worker back scores it and the leaderboard catches up", async () => {
    expect(sliceKey).not.toBe("");
    await worker.stop();
    const labels = await hiddenLabels();
    const csv = `TxnID,FraudLabel\n${[...labels.all.keys()].map((id) => `${id},1`).join("\n")}\n`;
    const truth = labels.public;
    const submitted = await fetch(`${baseUrl}/api/submit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": sliceKey },
      body: JSON.stringify({ domain_name: "Retail Banking", task_number: 1, predictions_csv: csv }),
    });
    // The gateway holds no answer (ADR 0021): with no worker, the file waits, stored, and the
    // answer says so once SUBMIT_WAIT_MS has passed.
    expect(submitted.status).toBe(202);
    const body = (await submitted.json()) as { status?: string; submission_id: string };
    expect(body.status).toBe("queued");
    expect(await storedScore(body.submission_id)).toBeNull();

    // Nothing is counted before a worker scores it: the leaderboard counts one submission...
    const login = await fetch(`${baseUrl}/api/login-verification`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const counted = async () => {
      const response = await fetch(`${baseUrl}/api/leaderboard`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const board = (await response.json()) as {
        leaderboard: { valid_submissions_total: number }[];
      };
      return board.leaderboard[0]?.valid_submissions_total;
    };
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await counted()).toBe(1);
    // ...until a worker is back: it scores the queued file and rebuilds.
    worker = startProcess("workers/scoring/src/main.ts", workerEnv);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await counted()) !== 2) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await counted(), worker.output()).toBe(2);
    expect(await storedScore(body.submission_id)).toBeCloseTo(
      macroF1(
        [...truth.values()],
        [...truth.keys()].map(() => "1"),
      ),
      12,
    );
    // Far worse than the first: the team is shown its best so far (docs/adr/0015).
    const detail = await fetch(`${baseUrl}/api/submissions/${body.submission_id}`, {
      headers: { "x-api-key": sliceKey },
    });
    const shown = (await detail.json()) as {
      score?: number;
      feedback: { significant_improvement: boolean | null };
    };
    expect([shown.score, shown.feedback.significant_improvement]).toEqual([firstShown, false]);
  });
});
