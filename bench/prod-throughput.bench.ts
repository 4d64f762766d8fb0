import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { domains } from "@tandem/competition/server";
import { generateDatasets } from "@tandem/datasets";
import { loadRankingInputs, submissions } from "@tandem/db";
import { parseCsvRows, rankingBodies } from "@tandem/scoring";
import { eq } from "drizzle-orm";
import { check, jsonApi } from "../test/support/http";
import {
  freePort,
  type RunningProcess,
  startProcess,
  waitForReady,
} from "../test/support/processes";
import {
  createTestDatabase,
  createTestRedis,
  TEST_DATA_SEED,
  TEST_SECRETS,
} from "../test/support/services";

/**
 * A deadline rush in production mode: `npm run start:prod` (the gateway and two scoring workers
 * as separate processes) on a fresh database and Redis prefix, 1,000 valid submissions sent at
 * once by one team, then a check that every one was stored and scored exactly once. Prints the
 * time; it is a benchmark, not a timed test (`npm run bench:prod`).
 */
const SUBMISSIONS = 1000;
type Ranked = { team_id: string; valid_submissions_total: number };
const SCALE = 0.01;
const ADMIN = { email: "bench-admin@example.org", password: "bench-admin-password" };

const database = await createTestDatabase();
const redis = await createTestRedis();
const dir = await mkdtemp(join(tmpdir(), "tandem-bench-prod-"));
let stack: RunningProcess | undefined;

try {
  const staticDir = join(dir, "static");
  await generateDatasets({ db: database.handle.db, staticDir, seed: TEST_DATA_SEED, scale: SCALE });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  stack = startProcess("scripts/start-prod.ts", {
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
    SUBMISSIONS_PER_DAY: String(SUBMISSIONS * 2),
  });
  await waitForReady(`${baseUrl}/api/ready`, stack, 120_000);

  const signup = await jsonApi(baseUrl, "/api/save-user-signup", {
    method: "POST",
    body: {
      firstName: "Rush",
      lastName: "Hour",
      email: "rush@example.org",
      password: "rush-password",
      isStudent: false,
      position: "Data scientist",
      area: "Benchmarks",
      eligible: true,
    },
  });
  check(signup.status === 201, `signup: ${JSON.stringify(signup.body)}`);
  const created = await jsonApi(baseUrl, "/api/teams/create", {
    method: "POST",
    body: { team_name: "rush-team" },
    headers: { authorization: `Bearer ${signup.body.token}` },
  });
  const team = created.body.team as { id: string; api_key: string };
  const admin = await jsonApi(baseUrl, "/api/login-verification", { method: "POST", body: ADMIN });
  const adminAuth = { authorization: `Bearer ${admin.body.token}` };
  const activated = await jsonApi(baseUrl, "/api/competition/start", {
    method: "POST",
    headers: { ...adminAuth, "x-team-id": team.id },
  });
  check(activated.status === 200, `activation: ${JSON.stringify(activated.body)}`);

  const sample = await fetch(`${baseUrl}/static/retail-banking/sample_submission_c1.csv`);
  const ids = parseCsvRows(await sample.text())
    .slice(1)
    .map((row) => row[0]!);
  check(ids.length >= 10, `at least 10 test rows (have ${ids.length})`);
  // The first ten labels spell the file's number in binary, so no two files are the same and
  // none is taken for a retried duplicate.
  const file = (n: number) =>
    `TxnID,FraudLabel\n${ids.map((id, row) => `${id},${(n >> (row % 10)) & 1}`).join("\n")}\n`;

  console.log(
    `Sending ${SUBMISSIONS} submissions at once (Retail Banking 1, ${ids.length} rows each) to a gateway with 2 scoring workers...`,
  );
  const started = performance.now();
  const responses = await Promise.all(
    Array.from({ length: SUBMISSIONS }, (_, n) =>
      jsonApi(baseUrl, "/api/submit", {
        method: "POST",
        headers: { "x-api-key": team.api_key },
        body: { domain_name: "Retail Banking", task_number: 1, predictions_csv: file(n) },
      }),
    ),
  );
  const answeredMs = performance.now() - started;
  const statuses = new Map<number, number>();
  for (const r of responses) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  check(
    responses.every((r) => r.status === 200 || r.status === 202),
    `every submission accepted: ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  const submitted = new Set(responses.map((r) => r.body.submission_id as string));
  check(submitted.size === SUBMISSIONS, `${SUBMISSIONS} distinct submission ids`);

  const deadline = Date.now() + 10 * 60_000;
  const loadRows = () =>
    database.handle.db
      .select({ id: submissions.id, status: submissions.status, attempts: submissions.attempts })
      .from(submissions)
      .where(eq(submissions.teamId, team.id));
  let rows = await loadRows();
  while (rows.some((row) => row.status !== "scored")) {
    const stuck = rows.filter((row) => row.status !== "scored");
    if (Date.now() > deadline) throw new Error(`${stuck.length} not scored after 10 minutes`);
    if (stuck.some((row) => row.status === "failed" || row.status === "invalid")) {
      throw new Error(`Not scored: ${stuck.map((row) => `${row.id}:${row.status}`).join(", ")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    rows = await loadRows();
  }
  const scoredMs = performance.now() - started;

  check(rows.length === SUBMISSIONS, `exactly ${SUBMISSIONS} rows stored (have ${rows.length})`);
  check(
    rows.every((row) => submitted.has(row.id)),
    "every stored row is one of the submissions sent",
  );
  const reclaimed = rows.filter((row) => row.attempts > 1).length;
  console.log(
    `All ${SUBMISSIONS} answered in ${(answeredMs / 1000).toFixed(1)} s (${[...statuses]
      .map(([status, count]) => `${count}x ${status}`)
      .join(", ")}) and scored in ${(scoredMs / 1000).toFixed(1)} s: ${(
      SUBMISSIONS / (scoredMs / 1000)
    ).toFixed(0)} submissions/s end to end.`,
  );
  console.log(
    `Database: exactly ${rows.length} rows, all scored; ${reclaimed} claimed more than once (a retried job).`,
  );

  // The leaderboard as served (the rankings cache the workers rewrite) and as the database says.
  // Workers rebuild the cached rankings behind the scores (at most one per RANKINGS_MIN_GAP_MS).
  let served: Ranked | undefined;
  for (let tries = 0; tries < 50 && served?.valid_submissions_total !== SUBMISSIONS; tries += 1) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    const board = await jsonApi(baseUrl, "/api/leaderboard", { headers: adminAuth });
    served = (board.body.leaderboard as Ranked[]).find((row) => row.team_id === team.id);
  }
  const fresh = JSON.parse(
    rankingBodies(domains(), await loadRankingInputs(database.handle.db)).overall,
  ) as { leaderboard: Ranked[] };
  const computed = fresh.leaderboard.find((row) => row.team_id === team.id);
  console.log(
    `Leaderboard valid_submissions_total: served ${served?.valid_submissions_total}, recomputed from the database ${computed?.valid_submissions_total}.`,
  );
  check(
    computed?.valid_submissions_total === SUBMISSIONS,
    `rankings computed from the database count ${SUBMISSIONS}`,
  );
  check(
    served?.valid_submissions_total === SUBMISSIONS,
    `the served leaderboard counts ${SUBMISSIONS} (a stale rankings-cache write won)`,
  );
} finally {
  const code = await stack?.stop();
  if (code !== undefined && code !== 0)
    console.error(`start:prod exited with ${code}:\n${stack?.output()}`);
  await redis.cleanup();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
}
