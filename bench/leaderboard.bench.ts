/**
 * GET /api/leaderboard with 1,000 ranked teams, read with an organizer's session (the default
 * `leaderboard_visibility: organizers`, so every read checks the session), against a bare Node
 * `http` server writing the same bytes (its own process, `bench/leaderboard/bare-http.ts`), and
 * against a static file of those bytes from the same gateway, with autocannon, in one run (ratios,
 * not absolute numbers). Needs Postgres and Redis as the integration tests do.
 * Run: npm run bench:leaderboard
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { METRICS } from "@tandem/competition";
import { allChallenges } from "@tandem/competition/server";
import { submissions, teams } from "@tandem/db";
import autocannon from "autocannon";
import { freePort, startProcess, waitForReady } from "../test/support/processes";
import { shownExactly } from "../test/support/shown";
import { createBenchServices } from "./support/bench-gateway";

const TEAMS = 1000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN = { email: "bench@example.org", password: "bench-password" };

const { db, dir, startBenchGateway, stop } = await createBenchServices("lb");
const staticDir = join(dir, "static");
mkdirSync(join(staticDir, "bench"), { recursive: true });

// 1,000 active teams, each with a few counted results spread over the challenges.
const teamRows = Array.from({ length: TEAMS }, (_, i) => ({
  name: `team-${String(i).padStart(4, "0")}`,
  status: "active" as const,
  activatedAt: new Date(Date.now() - 86_400_000),
  apiKeyHash: randomBytes(16).toString("hex"),
  apiKeyEncrypted: "bench",
}));
const inserted = await db.insert(teams).values(teamRows).returning({ id: teams.id });
const empty = gzipSync("");
const results = inserted.flatMap(({ id }, i) =>
  allChallenges()
    .filter((_, c) => (i + c) % 3 === 0)
    .map((challenge, c) => ({
      teamId: id,
      challengeKey: challenge.key,
      status: "scored" as const,
      predictions: empty,
      payloadHash: `${id}-${c}`,
      rowCount: 1,
      metricName: METRICS[challenge.metric].name,
      ...shownExactly(((i * 7919 + c * 104_729) % 1000) / 1000),
      counted: true,
      createdAt: new Date(Date.now() - 3_600_000 + i * 1000),
    })),
);
for (let i = 0; i < results.length; i += 1000)
  await db.insert(submissions).values(results.slice(i, i + 1000));

const gateway = await startBenchGateway({
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
const { base } = gateway;
const barePort = await freePort();
const bareBase = `http://127.0.0.1:${barePort}`;
const bodyFile = join(dir, "leaderboard.json");
let bare: ReturnType<typeof startProcess> | undefined;

async function run(url: string, headers: Record<string, string>) {
  const result = await autocannon({
    url,
    headers,
    connections: 50,
    duration: DURATION_S,
    pipelining: 1,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

try {
  await gateway.ready();
  const login = await fetch(`${base}/api/login-verification`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  // The first read fills the cache; the static copy holds exactly the same bytes.
  const body = await (await fetch(`${base}/api/leaderboard`, { headers: auth })).text();
  const rows = (JSON.parse(body) as { leaderboard: unknown[] }).leaderboard.length;
  writeFileSync(join(staticDir, "bench", "leaderboard.json"), body);
  writeFileSync(bodyFile, body);
  bare = startProcess("bench/leaderboard/bare-http.ts", {
    PORT: String(barePort),
    HOST: "127.0.0.1",
    BODY_FILE: bodyFile,
  });
  await waitForReady(`${bareBase}/`, bare);
  console.log(
    `${rows} ranked teams, ${body.length.toLocaleString("en")} bytes per response, ${DURATION_S} s per run, 50 connections`,
  );

  // Both servers warm up first (the JIT, the caches), then the rounds alternate.
  const warmUp = (url: string, headers: Record<string, string>) =>
    autocannon({ url, headers, connections: 50, duration: 3 });
  await warmUp(`${base}/api/leaderboard`, auth);
  await warmUp(`${bareBase}/`, {});
  const rounds: { api: number; bare: number; file: number }[] = [];
  for (let round = 0; round < 2; round++) {
    const api = await run(`${base}/api/leaderboard`, auth);
    const bareRun = await run(`${bareBase}/`, {});
    const file = await run(`${base}/static/bench/leaderboard.json`, {});
    if (api.errors || bareRun.errors || file.errors)
      throw new Error(`errors: api ${api.errors}, bare ${bareRun.errors}, file ${file.errors}`);
    rounds.push({ api: api.rps, bare: bareRun.rps, file: file.rps });
    console.log(
      `round ${round + 1}: /api/leaderboard ${api.rps.toFixed(0)} req/s (p99 ${api.p99} ms)   bare node:http ${bareRun.rps.toFixed(0)} req/s (p99 ${bareRun.p99} ms)   static file ${file.rps.toFixed(0)} req/s (p99 ${file.p99} ms)   ratio to bare ${(api.rps / bareRun.rps).toFixed(2)}, to file ${(api.rps / file.rps).toFixed(2)}`,
    );
  }
  const sum = (key: "api" | "bare" | "file") => rounds.reduce((a, r) => a + r[key], 0);
  console.log(
    `leaderboard / bare node:http throughput: ${(sum("api") / sum("bare")).toFixed(2)} (target at least 0.80); leaderboard / static file: ${(sum("api") / sum("file")).toFixed(2)}`,
  );
} finally {
  await bare?.stop();
  await stop();
}
