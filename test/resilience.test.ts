import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateDatasets } from "@tandem/datasets";
import { submissions } from "@tandem/db";
import { parseCsvRows } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTEGRATION_WAIT_MS } from "./support/bounds";
import { type JsonRequest, jsonApi } from "./support/http";
import { freePort, type RunningProcess, startProcess, waitForReady } from "./support/processes";
import {
  createTestDatabase,
  TEST_DATA_SEED,
  TEST_SECRETS,
  type TestDatabase,
} from "./support/services";

/**
 * Production mode under failure, with real processes: a scoring worker killed mid-work, and a
 * Redis that loses everything. Uses a Redis server of its own so the failures touch nothing else.
 */
const ADMIN = { email: "chaos@example.org", password: "chaos-password" };
let database: TestDatabase;
let dir: string;
let redisPort: number;
let redis: ReturnType<typeof spawn> | undefined;
let gateway: RunningProcess;
let baseUrl: string;
let workerEnv: Record<string, string>;

async function startRedis(): Promise<void> {
  redis = spawn(
    "redis-server",
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const ping = spawn("redis-cli", ["-p", String(redisPort), "ping"], {
        stdio: ["ignore", "pipe", "ignore"],
      });
      let out = "";
      ping.stdout.on("data", (chunk) => {
        out += chunk;
      });
      ping.on("exit", () => resolve(out.includes("PONG")));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error("private redis-server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function killRedis(): Promise<void> {
  if (!redis) return;
  const exited = new Promise((resolve) => redis!.once("exit", resolve));
  redis.kill("SIGKILL");
  await exited;
  redis = undefined;
}

const api = (path: string, init?: JsonRequest) => jsonApi(baseUrl, path, init);

let apiKey = "";
let teamId = "";
let testIds: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), "tandem-chaos-"));
  await generateDatasets({
    db: database.handle.db,
    staticDir: join(dir, "static"),
    seed: TEST_DATA_SEED,
    scale: 0.01,
  });
  redisPort = await freePort();
  await startRedis();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    QUEUE_PREFIX: "chaos",
  };
  workerEnv = {
    ...shared,
    WORKER_LOCK_MS: "2000",
    RECONCILE_INTERVAL_MS: "1000",
    RECONCILE_AFTER_MS: "1500",
    WORKER_CONCURRENCY: "2",
  };
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
    // The queue and the workers are what is tested: they score every file (ADR 0021).
    // Answer at once (202): the worker must still be working through the queue when killed.
    SUBMIT_WAIT_MS: "0",
  });
  await waitForReady(`${baseUrl}/api/ready`, gateway);

  const signup = await api("/api/save-user-signup", {
    method: "POST",
    body: {
      firstName: "Cha",
      lastName: "Os",
      email: "team@example.org",
      password: "team-password",
      isStudent: false,
      position: "SRE",
      area: "Ops",
      eligible: true,
    },
  });
  const auth = { authorization: `Bearer ${signup.body.token}` };
  const created = await api("/api/teams/create", {
    method: "POST",
    body: { team_name: "chaos-team" },
    headers: auth,
  });
  const team = created.body.team as { id: string; api_key: string };
  apiKey = team.api_key;
  teamId = team.id;
  const admin = await api("/api/login-verification", { method: "POST", body: ADMIN });
  await api("/api/competition/start", {
    method: "POST",
    headers: { authorization: `Bearer ${admin.body.token}`, "x-team-id": teamId },
  });
  const sample = await fetch(`${baseUrl}/static/retail-banking/sample_submission_c1.csv`);
  testIds = parseCsvRows(await sample.text())
    .slice(1)
    .map((row) => row[0]!);
});

afterAll(async () => {
  await gateway?.stop();
  await killRedis();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A distinct valid file per `variant`, so none is deduplicated as a retry. */
const file = (variant: number) =>
  `TxnID,FraudLabel\n${testIds.map((id, i) => `${id},${i <= variant ? 1 : 0}`).join("\n")}\n`;

async function submitMany(from: number, count: number): Promise<string[]> {
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      api("/api/submit", {
        method: "POST",
        headers: { "x-api-key": apiKey },
        body: { domain_name: "Retail Banking", task_number: 1, predictions_csv: file(from + i) },
      }),
    ),
  );
  for (const r of results) expect([200, 202], JSON.stringify(r.body)).toContain(r.status);
  return results.map((r) => r.body.submission_id as string);
}

async function waitAllScored(ids: string[], timeoutMs = INTEGRATION_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await database.handle.db
      .select()
      .from(submissions)
      .where(eq(submissions.teamId, teamId));
    const pending = rows.filter((row) => ids.includes(row.id) && row.status !== "scored");
    if (pending.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`Not scored: ${pending.map((p) => `${p.id}:${p.status}`).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * The leaderboard's count once it has caught up: workers rebuild it behind the scores, at most
 * one rebuild per RANKINGS_MIN_GAP_MS (docs/adr/0012-rankings-refresh.md).
 */
async function settledLeaderboardCount(expected: number): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const count = await leaderboardCount();
    if (count === expected || Date.now() > deadline) return count;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function leaderboardCount(): Promise<number> {
  const admin = await api("/api/login-verification", { method: "POST", body: ADMIN });
  const board = await api("/api/leaderboard", {
    headers: { authorization: `Bearer ${admin.body.token}` },
  });
  const rows = board.body.leaderboard as { team_id: string; valid_submissions_total: number }[];
  return rows.find((row) => row.team_id === teamId)?.valid_submissions_total ?? 0;
}

describe("a scoring worker killed mid-work", () => {
  it("loses no submission and counts none twice", async () => {
    let worker = startProcess("workers/scoring/src/main.ts", {
      ...workerEnv,
      WORKER_CONCURRENCY: "1",
    });
    const ids = await submitMany(0, 12);
    // Kill it while it is working through the queue; another worker takes over.
    await worker.stop("SIGKILL");
    const scoredBefore = (
      await database.handle.db.select().from(submissions).where(eq(submissions.teamId, teamId))
    ).filter((row) => row.status === "scored").length;
    expect(scoredBefore).toBeLessThan(12);
    worker = startProcess("workers/scoring/src/main.ts", workerEnv);
    try {
      await waitAllScored(ids);
      const rows = await database.handle.db
        .select()
        .from(submissions)
        .where(eq(submissions.teamId, teamId));
      expect(rows).toHaveLength(12);
      expect(new Set(rows.map((row) => row.id)).size).toBe(12);
      expect(await settledLeaderboardCount(12)).toBe(12);
    } finally {
      await worker.stop();
    }
  });
});

describe("Redis losing everything", () => {
  it("re-enqueues the submissions it held and scores each once", async () => {
    // No worker: the submissions wait in Redis, then Redis dies and comes back empty.
    const ids = await submitMany(100, 6);
    await killRedis();
    await startRedis();
    const worker = startProcess("workers/scoring/src/main.ts", workerEnv);
    try {
      await waitAllScored(ids);
      const rows = await database.handle.db
        .select()
        .from(submissions)
        .where(eq(submissions.teamId, teamId));
      expect(rows).toHaveLength(18);
      expect(await settledLeaderboardCount(18)).toBe(18);
    } finally {
      await worker.stop();
    }
  });
});
