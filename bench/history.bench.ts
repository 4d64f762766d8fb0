/**
 * The dashboard's reads for a team with 1,000 submissions (issue 33: the history and the summary
 * each under 50 ms): GET /api/submissions/history (the dashboard's first page of 25, 50 per page,
 * a deep cursor page, filtered by challenge and by status), GET /api/submissions/summary, the
 * final-pick card's GET /api/submissions/final-candidates, and GET /api/health as the floor the
 * same gateway process gives any request, one request at a time over keep-alive.
 * 299 other teams hold 44,000 more rows, so the team's rows are a slice of a big table (300
 * teams, 45,000 submissions). The team's files are the size a real one is (a CSV of 20,000
 * predictions, 115 KB gzipped as stored; an upload of 1.6 MB stores about 600 KB): a read that carries them costs
 * what it costs in production. OWN_SUBMISSIONS=5000 gives issue 18's team.
 * Needs Postgres and Redis as the integration tests do. Run: npm run bench:history
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { METRICS } from "@tandem/competition";
import { allChallenges } from "@tandem/competition/server";
import { SUBMISSION_STATUSES } from "@tandem/contracts";
import { submissions, teamMembers, teams, users } from "@tandem/db";
import { hashApiKey } from "../services/gateway/src/lib/api-keys";
import { freePort, startProcess, waitForReady } from "../test/support/processes";
import { createTestDatabase, createTestRedis, TEST_SECRETS } from "../test/support/services";
import { shownExactly } from "../test/support/shown";

const OWN = Number(process.env.OWN_SUBMISSIONS ?? 1000);
const OTHER_TEAMS = 299;
const PER_OTHER_TEAM = 147;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const KEY = "tdm_bench-history-team-key";

const database = await createTestDatabase();
const redis = await createTestRedis();
const dir = mkdtempSync(join(tmpdir(), "tandem-bench-history-"));
mkdirSync(join(dir, "static"), { recursive: true });
const { db } = database.handle;

const teamIds = (
  await db
    .insert(teams)
    .values(
      Array.from({ length: OTHER_TEAMS + 1 }, (_, i) => ({
        name: `history-${String(i).padStart(3, "0")}`,
        status: "active" as const,
        activatedAt: new Date(Date.now() - 30 * 86_400_000),
        apiKeyHash: i === 0 ? hashApiKey(KEY) : `bench-${i}`,
        apiKeyEncrypted: "bench",
      })),
    )
    .returning({ id: teams.id })
).map((row) => row.id);

// The key acts for the team's people: it needs one who can sign in.
const [member] = await db
  .insert(users)
  .values({
    email: "history-member@example.org",
    emailKey: "history-member@example.org",
    username: "history-member",
  })
  .returning({ id: users.id });
await db.insert(teamMembers).values({ teamId: teamIds[0]!, userId: member!.id, role: "owner" });

// Spread over the last 30 days and every challenge; mostly scored, some of each other status.
const small = gzipSync("id,label\n1,0\n");
// A real file for the team under test: 20,000 rows of ids and probabilities.
let seed = 7;
const random = () => {
  seed = (seed * 48_271) % 2_147_483_647;
  return seed / 2_147_483_647;
};
const realCsv = `id,probability\n${Array.from({ length: 20_000 }, (_, i) => `${100_000 + i},${random().toFixed(6)}`).join("\n")}\n`;
const realFile = gzipSync(realCsv);
const rowsOf = (teamId: string, count: number, salt: number) =>
  Array.from({ length: count }, (_, i) => {
    const file = salt === 0 ? realFile : small;
    const challenge = allChallenges()[(i + salt) % allChallenges().length]!;
    const status = i % 10 === 9 ? SUBMISSION_STATUSES[((i / 10) % 5) | 0]! : "scored";
    return {
      teamId,
      challengeKey: challenge.key,
      status,
      predictions: file,
      payloadHash: `${salt}-${i}`,
      rowCount: 1,
      metricName: METRICS[challenge.metric].name,
      ...shownExactly(status === "scored" ? ((i * 7919) % 1000) / 1000 : null),
      privateMetricValue: status === "scored" ? ((i * 104_729) % 1000) / 1000 : null,
      errorMessage: status === "invalid" ? "Submission failed validation: row 3: bad label" : null,
      counted: true,
      note: i % 4 === 0 ? `try ${i}` : null,
      createdAt: new Date(Date.now() - 30 * 86_400_000 + Math.floor((i * 30 * 86_400_000) / count)),
    };
  });
const all = [
  ...rowsOf(teamIds[0]!, OWN, 0),
  ...teamIds.slice(1).flatMap((id, t) => rowsOf(id, PER_OTHER_TEAM, t + 1)),
];
for (let i = 0; i < all.length; i += 200)
  await db.insert(submissions).values(all.slice(i, i + 200));
await db.execute("analyze submissions");

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const gateway = startProcess("services/gateway/src/server.ts", {
  DATABASE_URL: database.url,
  REDIS_URL: redis.url,
  QUEUE_PREFIX: redis.prefix,
  ...TEST_SECRETS,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dir,
  STATIC_DIR: join(dir, "static"),
  LOG_LEVEL: "warn",
  NOTIFY_SWEEP_SECONDS: "0",
});

const headers = { "x-api-key": KEY };

/** Median and p95 of `SAMPLES` sequential requests, after 20 to warm up. */
async function timed(path: string) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(SAMPLES / 2)]!, p95: times[Math.floor(SAMPLES * 0.95)]! };
}

try {
  await waitForReady(`${base}/api/ready`, gateway);
  // A cursor deep in the history (page 51 of 5,000; page 16 of 1,000): the keyset query must
  // cost the same there.
  const deepPage = Math.min(51, Math.floor(OWN / 50) - 4);
  let cursor = "";
  for (let page = 1; page < deepPage; page++) {
    const response = await fetch(
      `${base}/api/submissions/history?limit=50${cursor ? `&cursor=${cursor}` : ""}`,
      { headers },
    );
    const body = (await response.json()) as { next_cursor?: string };
    if (!body.next_cursor) throw new Error(`page ${page}: ${JSON.stringify(body)}`);
    cursor = encodeURIComponent(body.next_cursor);
  }
  console.log(
    `team of ${OWN.toLocaleString("en")} submissions (files of ${Math.round(realFile.length / 1024)} KB gzipped) among ${all.length.toLocaleString("en")} rows of ${OTHER_TEAMS + 1} teams; ${SAMPLES} sequential requests each`,
  );
  const cases: [string, string][] = [
    ["GET /api/health (floor)", "/api/health"],
    ["history, dashboard page (25)", "/api/submissions/history?limit=25"],
    ["history, first page (50)", "/api/submissions/history"],
    [`history, page ${deepPage} by cursor`, `/api/submissions/history?limit=50&cursor=${cursor}`],
    ["history, one challenge", "/api/submissions/history?challenge=healthcare/2"],
    ["history, status failed", "/api/submissions/history?status=failed"],
    ["history, 500 per page", "/api/submissions/history?limit=500"],
    ["summary (17 challenges)", "/api/submissions/summary"],
    ...(process.env.BENCH_NO_CANDIDATES
      ? []
      : [["final candidates", "/api/submissions/final-candidates"] as [string, string]]),
  ];
  const floor = await timed("/api/health");
  for (const [label, path] of cases) {
    const { p50, p95 } = path === "/api/health" ? floor : await timed(path);
    console.log(
      `${label.padEnd(28)} p50 ${p50.toFixed(2).padStart(6)} ms   p95 ${p95.toFixed(2).padStart(6)} ms   p50 / floor ${(p50 / floor.p50).toFixed(1)}`,
    );
  }
} finally {
  await gateway.stop();
  await redis.cleanup();
  // BENCH_KEEP_DB=1 keeps the database for EXPLAIN ANALYZE (drop it by hand afterwards).
  if (process.env.BENCH_KEEP_DB) {
    console.log(`database kept: ${database.url}`);
    await database.handle.close();
  } else await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
