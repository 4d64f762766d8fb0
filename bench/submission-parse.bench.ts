/**
 * Does a large submission hold up other requests? The gateway runs as `npm run start:gateway`
 * does (tsx, real Postgres and Redis). GET /api/health is timed while idle and then, one request
 * after another, while a 48 MB quoted CSV is being checked: once a file that fails validation
 * (1.5 million rows of unknown ids) and once a valid one (the test ids, padded inside their
 * quotes), which is also hashed, gzipped and stored. For comparison, the bench times checking
 * the same files (parse, validate, hash, gzip) on its own thread, and reading the JSON body
 * (UTF-8 decode and JSON.parse, as app.ts's parser does for other routes): how long the
 * gateway's thread was blocked when it did those itself. Then a 16 MB body nested millions of
 * levels deep against a flat one of its size (issue 31: nothing of a body is read on the request
 * thread). Ends with SIGTERM and the time the gateway took to exit (its parser threads are
 * closed with the app). Run: npm run bench:parse
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findChallenge } from "@tandem/competition/server";
import { generateDatasets } from "@tandem/datasets";
import { createTestSet, idKey, parseCsvRows } from "@tandem/scoring";
import { checkSubmission } from "../services/gateway/src/lib/submission-parser/check-submission";
import { check, jsonApi } from "../test/support/http";
import { freePort, REPO_ROOT } from "../test/support/processes";
import {
  createTestDatabase,
  createTestRedis,
  TEST_DATA_SEED,
  TEST_SECRETS,
} from "../test/support/services";

const FILE_BYTES = 48 * 1024 * 1024;
const IDLE_SAMPLES = 300;
const ADMIN = { email: "bench-admin@example.org", password: "bench-admin-password" };

const database = await createTestDatabase();
const redis = await createTestRedis();
const dir = await mkdtemp(join(tmpdir(), "tandem-bench-parse-"));
let gateway: ChildProcess | undefined;
let output = "";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function healthOnce(baseUrl: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/health`);
  await response.arrayBuffer();
  check(response.ok, `health answered ${response.status}`);
  return performance.now() - started;
}

/** Health latencies, one request after another, for as long as `busy` is unsettled. */
async function healthWhile(baseUrl: string, busy: Promise<unknown>): Promise<number[]> {
  let done = false;
  void busy.finally(() => {
    done = true;
  });
  const samples: number[] = [];
  while (!done) samples.push(await healthOnce(baseUrl));
  return samples;
}

try {
  const staticDir = join(dir, "static");
  await generateDatasets({ db: database.handle.db, staticDir, seed: TEST_DATA_SEED, scale: 0.01 });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  gateway = spawn(
    join(REPO_ROOT, "node_modules", ".bin", "tsx"),
    ["services/gateway/src/server.ts"],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...TEST_SECRETS,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        QUEUE_PREFIX: redis.prefix,
        DATA_DIR: dir,
        STATIC_DIR: staticDir,
        HOST: "127.0.0.1",
        PORT: String(port),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        BODY_LIMIT_BYTES: String(64 * 1024 * 1024),
        // No scoring worker runs: a stored file is answered 202 at once.
        SUBMIT_WAIT_MS: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  gateway.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  gateway.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    check(gateway.exitCode === null, `gateway exited:\n${output}`);
    check(Date.now() < deadline, `gateway not ready:\n${output}`);
    const ready = await fetch(`${baseUrl}/api/ready`).catch(() => undefined);
    if (ready?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const signup = await jsonApi(baseUrl, "/api/save-user-signup", {
    method: "POST",
    body: {
      firstName: "Big",
      lastName: "File",
      email: "bigfile@example.org",
      password: "bigfile-password",
      isStudent: false,
      position: "Data scientist",
      area: "Benchmarks",
      eligible: true,
    },
  });
  check(signup.status === 201, `signup: ${JSON.stringify(signup.body)}`);
  const created = await jsonApi(baseUrl, "/api/teams/create", {
    method: "POST",
    body: { team_name: "bigfile-team" },
    headers: { authorization: `Bearer ${signup.body.token}` },
  });
  const team = created.body.team as { id: string; api_key: string };
  const admin = await jsonApi(baseUrl, "/api/login-verification", { method: "POST", body: ADMIN });
  const activated = await jsonApi(baseUrl, "/api/competition/start", {
    method: "POST",
    headers: { authorization: `Bearer ${admin.body.token}`, "x-team-id": team.id },
  });
  check(activated.status === 200, `activation: ${JSON.stringify(activated.body)}`);

  const sample = await fetch(`${baseUrl}/static/retail-banking/sample_submission_c1.csv`);
  const ids = parseCsvRows(await sample.text())
    .slice(1)
    .map((row) => row[0]!);
  const header = '"TxnID","FraudLabel"\n';
  const unknownRow = '"not-a-test-id-00000000000","1"\n';
  const invalid = header + unknownRow.repeat(Math.floor(FILE_BYTES / unknownRow.length));
  const pad = Math.max(0, Math.floor(FILE_BYTES / ids.length) - 20);
  const valid = header + ids.map((id, i) => `"${id}${" ".repeat(pad)}","${i % 2}"\n`).join("");

  const challenge = findChallenge("retail-banking", 1)!;
  const testSet = createTestSet({ ids: ids.map((id) => idKey([id])) });
  const inline = (csv: string) => {
    const started = performance.now();
    checkSubmission(csv, challenge, testSet);
    return performance.now() - started;
  };
  const inlineRead = (body: Buffer) => {
    const started = performance.now();
    JSON.parse(body.toString("utf8"));
    return performance.now() - started;
  };

  // Warm up the connection pool, the routes and the parser threads.
  for (let i = 0; i < 20; i++) await healthOnce(baseUrl);
  await jsonApi(baseUrl, "/api/submit", {
    method: "POST",
    headers: { "x-api-key": team.api_key },
    body: { domain_name: "Retail Banking", task_number: 1, predictions_csv: "TxnID,FraudLabel\n" },
  });

  const idle: number[] = [];
  for (let i = 0; i < IDLE_SAMPLES; i++) idle.push(await healthOnce(baseUrl));
  console.log(
    `GET /api/health, idle (${idle.length} requests): p50 ${ms(percentile(idle, 50))}, p99 ${ms(percentile(idle, 99))}, max ${ms(Math.max(...idle))}`,
  );

  for (const [name, csv, expectedStatus] of [
    ["failing validation", invalid, [400]],
    // Scored at intake (ADR 0013): 200; stored for the workers: 202.
    ["valid", valid, [200, 202]],
  ] as const) {
    // Encoded beforehand: encoding 48 MB while health is timed would stall this thread, not the
    // gateway's.
    const body = Buffer.from(
      JSON.stringify({ domain_name: "Retail Banking", task_number: 1, predictions_csv: csv }),
    );
    const started = performance.now();
    const submitted = fetch(`${baseUrl}/api/submit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": team.api_key },
      body,
    }).then(async (response) => {
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    });
    const during = await healthWhile(baseUrl, submitted);
    const answer = await submitted;
    check(
      (expectedStatus as readonly number[]).includes(answer.status),
      `${name} file answered ${answer.status}`,
    );
    const p50 = percentile(during, 50);
    const max = Math.max(...during);
    console.log(
      `GET /api/health during a ${(csv.length / 1024 / 1024).toFixed(0)} MB quoted CSV, ${name} (answered ${answer.status} in ${ms(answer.ms)}; ${during.length} health requests): p50 ${ms(p50)}, max ${ms(max)}; p50 ${(p50 / percentile(idle, 50)).toFixed(1)}x idle, max ${(max / Math.max(...idle)).toFixed(1)}x idle max`,
    );
    console.log(
      `  on one thread, reading the body (decode, JSON.parse) takes ${ms(inlineRead(body))} and checking the file ${ms(inline(csv))}: how long every request waited when the gateway's thread did them`,
    );
  }

  // Issue 31, finding 2: a body nested millions of levels deep, against a flat one of its size.
  const DEEP_BYTES = 16 * 1024 * 1024;
  const levels = DEEP_BYTES / 2;
  for (const [name, body] of [
    [
      "flat (one 16 MB string field)",
      Buffer.from(
        JSON.stringify({
          domain_name: "Retail Banking",
          task_number: 1,
          predictions_csv: "x".repeat(DEEP_BYTES),
        }),
      ),
    ],
    [
      `nested ${levels.toLocaleString("en")} levels deep`,
      Buffer.from(
        `{"domain_name":"Retail Banking","task_number":${"[".repeat(levels)}${"]".repeat(levels)},"predictions_csv":"a"}`,
      ),
    ],
  ] as const) {
    const started = performance.now();
    const submitted = fetch(`${baseUrl}/api/submit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": team.api_key },
      body,
    }).then(async (response) => {
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    });
    const during = await healthWhile(baseUrl, submitted);
    const answer = await submitted;
    check(answer.status === 400, `${name} body answered ${answer.status}`);
    const max = Math.max(...during);
    console.log(
      `GET /api/health during a ${(body.length / 1024 / 1024).toFixed(0)} MB body, ${name} (answered ${answer.status} in ${ms(answer.ms)}; ${during.length} health requests): p50 ${ms(percentile(during, 50))}, max ${ms(max)}; max ${(max / Math.max(...idle)).toFixed(1)}x idle max`,
    );
  }

  const stopping = performance.now();
  const exited = new Promise<number | null>((resolve) => gateway!.once("exit", resolve));
  gateway.kill("SIGTERM");
  const code = await exited;
  console.log(
    `SIGTERM: the gateway exited with ${code} after ${ms(performance.now() - stopping)} (parser threads closed with the app)`,
  );
  check(code === 0, `gateway exit code ${code}:\n${output}`);
} finally {
  if (gateway && gateway.exitCode === null && gateway.signalCode === null) gateway.kill("SIGKILL");
  await redis.cleanup();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
}
