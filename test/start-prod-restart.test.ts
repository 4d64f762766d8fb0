import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateDatasets } from "@tandem/datasets";
import { submissions } from "@tandem/db";
import { parseCsvRows } from "@tandem/scoring";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTEGRATION_WAIT_MS } from "./support/bounds";
import { type JsonRequest, jsonApi } from "./support/http";
import {
  freePort,
  type RunningProcess,
  startProcess,
  waitForOutput,
  waitForReady,
} from "./support/processes";
import {
  createTestDatabase,
  createTestRedis,
  TEST_DATA_SEED,
  TEST_SECRETS,
  type TestDatabase,
} from "./support/services";

/**
 * `npm run start:prod` keeps serving when a scoring worker dies (issue 20): the real script with
 * two workers, one SIGKILLed by its pid while submissions arrive. Before the supervisor, that
 * stopped the gateway and the other worker too.
 */
const ADMIN = { email: "restart-admin@example.org", password: "restart-admin-password" };
let database: TestDatabase;
let redis: Awaited<ReturnType<typeof createTestRedis>>;
let dir: string;
let stack: RunningProcess | undefined;
let baseUrl: string;
let apiKey = "";
let teamId = "";
let testIds: string[] = [];

const api = (path: string, init?: JsonRequest) => jsonApi(baseUrl, path, init);

/** Every `<name> started (pid N)` line start-prod printed, in order. */
function pids(name: string): number[] {
  const lines = stack!.output().matchAll(/\[start-prod\] (\S+) started \(pid (\d+)\)/g);
  return [...lines].filter((line) => line[1] === name).map((line) => Number(line[2]));
}

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await createTestRedis();
  dir = await mkdtemp(join(tmpdir(), "tandem-start-prod-restart-"));
  const staticDir = join(dir, "static");
  await generateDatasets({ db: database.handle.db, staticDir, seed: TEST_DATA_SEED, scale: 0.002 });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  stack = startProcess(
    "scripts/start-prod.ts",
    {
      ...TEST_SECRETS,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.prefix,
      DATA_DIR: dir,
      STATIC_DIR: staticDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      COMPETITION_OPENS_AT: new Date(Date.now() - 86_400_000).toISOString(),
      COMPETITION_CLOSES_AT: new Date(Date.now() + 86_400_000).toISOString(),
      // Answer at once (202), so submissions are still queued when the worker dies; a killed
      // worker's job comes back after its lock lapses, made short here.
      SUBMIT_WAIT_MS: "0",
      // The workers score every file (ADR 0021): that is what is tested.
      WORKER_LOCK_MS: "2000",
      RECONCILE_INTERVAL_MS: "1000",
      RECONCILE_AFTER_MS: "1500",
      WORKER_CONCURRENCY: "1",
    },
    ["--workers", "2"],
  );
  await waitForReady(`${baseUrl}/api/ready`, stack);
  await waitForOutput(stack, /worker-2 started \(pid \d+\)/);

  const signup = await api("/api/save-user-signup", {
    method: "POST",
    body: {
      firstName: "Re",
      lastName: "Start",
      email: "restart@example.org",
      password: "restart-password",
      isStudent: false,
      position: "SRE",
      area: "Ops",
      eligible: true,
    },
  });
  const created = await api("/api/teams/create", {
    method: "POST",
    body: { team_name: "restart-team" },
    headers: { authorization: `Bearer ${signup.body.token}` },
  });
  const team = created.body.team as { id: string; api_key: string };
  apiKey = team.api_key;
  teamId = team.id;
  const admin = await api("/api/login-verification", { method: "POST", body: ADMIN });
  const activated = await api("/api/competition/start", {
    method: "POST",
    headers: { authorization: `Bearer ${admin.body.token}`, "x-team-id": teamId },
  });
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  const sample = await fetch(`${baseUrl}/static/retail-banking/sample_submission_c1.csv`);
  testIds = parseCsvRows(await sample.text())
    .slice(1)
    .map((row) => row[0]!);
});

afterAll(async () => {
  await stack?.stop();
  await redis?.cleanup();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A distinct valid file per `n` (its labels spell n in binary), so none is taken for a retry. */
const file = (n: number) =>
  `TxnID,FraudLabel\n${testIds.map((id, row) => `${id},${(n >> row) & 1}`).join("\n")}\n`;

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
    if (Date.now() > deadline || stack!.child.exitCode !== null) {
      throw new Error(
        `Not scored: ${pending.map((p) => `${p.id}:${p.status}`).join(", ")}\n${stack!.output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Asks /api/ready until stopped; any answer but 200, or none, is recorded. */
function watchReadiness() {
  const failures: string[] = [];
  let answered = 0;
  let watching = true;
  const loop = (async () => {
    while (watching) {
      try {
        const response = await fetch(`${baseUrl}/api/ready`);
        if (response.ok) answered++;
        else failures.push(`status ${response.status}`);
        await response.body?.cancel();
      } catch (err) {
        failures.push(String(err));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    failures,
    answered: () => answered,
    async stop() {
      watching = false;
      await loop;
    },
  };
}

describe("start:prod's database roles (ADR 0021)", () => {
  it("connects the gateway as tandem_gateway and the workers as tandem_worker", async () => {
    // A request that reads the database, so the gateway holds a connection (the workers'
    // reconcilers keep theirs busy every second).
    expect((await fetch(`${baseUrl}/api/ready`)).status).toBe(200);
    const name = new URL(database.url).pathname.slice(1);
    const roles = await database.handle.db.execute(
      sql`select distinct usename::text as role from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`,
    );
    const seen = (roles as unknown as { rows: { role: string }[] }).rows.map((row) => row.role);
    expect(seen).toEqual(expect.arrayContaining(["tandem_gateway", "tandem_worker"]));
    expect(stack!.output()).not.toMatch(/can read challenge_answers/);
  });
});

describe("start:prod with a worker killed", () => {
  it("restarts the worker while the gateway and the other worker keep scoring", async () => {
    // Twelve distinct files need four label rows.
    expect(testIds.length).toBeGreaterThanOrEqual(4);
    const [gatewayPid] = pids("gateway");
    const [killedPid] = pids("worker-1");
    const [otherPid] = pids("worker-2");
    expect(killedPid).toBeGreaterThan(0);

    const readiness = watchReadiness();
    const first = await submitMany(0, 6);
    process.kill(killedPid!, "SIGKILL");
    await waitForOutput(stack!, /worker-1 exited \(SIGKILL\); restarting in 1 s \(restart 1\)/);
    const answeredWhileDown = readiness.answered();
    const second = await submitMany(6, 6);
    await waitAllScored([...first, ...second]);
    await waitForOutput(stack!, new RegExp(`worker-1 started \\(pid (?!${killedPid}\\b)\\d+\\)`));
    // The gateway answered after the kill as well as before it.
    await expect.poll(() => readiness.answered()).toBeGreaterThan(answeredWhileDown);
    await readiness.stop();

    expect(readiness.failures).toEqual([]);
    expect(pids("worker-1")).toHaveLength(2);
    expect(pids("gateway")).toEqual([gatewayPid]);
    expect(pids("worker-2")).toEqual([otherPid]);
    const rows = await database.handle.db
      .select()
      .from(submissions)
      .where(eq(submissions.teamId, teamId));
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.status === "scored")).toBe(true);

    // The workers rewrite the served rankings after scoring: each submission counted once.
    const admin = await api("/api/login-verification", { method: "POST", body: ADMIN });
    const counted = async () => {
      const board = await api("/api/leaderboard", {
        headers: { authorization: `Bearer ${admin.body.token}` },
      });
      const ranked = board.body.leaderboard as {
        team_id: string;
        valid_submissions_total: number;
      }[];
      return ranked.find((row) => row.team_id === teamId)?.valid_submissions_total;
    };
    await expect.poll(counted).toBe(12);

    // A requested stop ends everything without a restart, with the children's code.
    const code = await stack!.stop();
    expect(code, stack!.output()).toBe(0);
    expect(pids("worker-1")).toHaveLength(2);
  });
});
