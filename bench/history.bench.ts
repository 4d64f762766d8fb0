/**
 * The dashboard's reads for a team with 5,000 submissions (issue 18: the history answers in under
 * 50 ms at the median): GET /api/submissions/history (first page, a deep cursor page, filtered by
 * challenge and by status), GET /api/submissions/summary, and GET /api/health as the floor the
 * same gateway process gives any request, one request at a time over keep-alive.
 * 299 other teams hold 30,000 more rows, so the team's rows are a slice of a big table.
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

const OWN = 5000;
const OTHER_TEAMS = 299;
const PER_OTHER_TEAM = 100;
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
const file = gzipSync("id,label\n1,0\n");
const rowsOf = (teamId: string, count: number, salt: number) =>
  Array.from({ length: count }, (_, i) => {
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
for (let i = 0; i < all.length; i += 2000)
  await db.insert(submissions).values(all.slice(i, i + 2000));
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
  // A cursor 50 pages deep: the keyset query must cost the same there.
  let cursor = "";
  for (let page = 0; page < 50; page++) {
    const response = await fetch(
      `${base}/api/submissions/history?limit=50${cursor ? `&cursor=${cursor}` : ""}`,
      { headers },
    );
    const body = (await response.json()) as { next_cursor?: string };
    if (!body.next_cursor) throw new Error(`page ${page + 1}: ${JSON.stringify(body)}`);
    cursor = encodeURIComponent(body.next_cursor);
  }
  console.log(
    `team of ${OWN.toLocaleString("en")} submissions among ${all.length.toLocaleString("en")} rows; ${SAMPLES} sequential requests each`,
  );
  const cases: [string, string][] = [
    ["GET /api/health (floor)", "/api/health"],
    ["history, first page (50)", "/api/submissions/history"],
    ["history, page 51 by cursor", `/api/submissions/history?limit=50&cursor=${cursor}`],
    ["history, one challenge", "/api/submissions/history?challenge=healthcare/2"],
    ["history, status failed", "/api/submissions/history?status=failed"],
    ["history, 500 per page", "/api/submissions/history?limit=500"],
    ["summary (17 challenges)", "/api/submissions/summary"],
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
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
