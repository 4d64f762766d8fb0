import { gzipSync } from "node:zlib";
import { METRICS } from "@tandem/competition";
import { allChallenges } from "@tandem/competition/server";
import { SUBMISSION_STATUSES } from "@tandem/contracts";
import { auditLog, submissions, teamMembers, teams, users } from "@tandem/db";
import { shownExactly } from "../test/support/shown";
import { createBenchServices } from "./support/bench-gateway";

const USERS = 10_000;
const TEAMS = 3_000;
const SUBMISSIONS = 100_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const ADMIN = { email: "console-admin@example.org", password: "console-admin-password" };

const { db, startBenchGateway, stop } = await createBenchServices("console");

async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 2000) await insert(rows.slice(i, i + 2000));
}

const userIds: string[] = [];
await insertAll(
  Array.from({ length: USERS }, (_, i) => ({
    email: `person-${i}@example.org`,
    username: `person${i}`,
    firstName: `First${i % 97}`,
    lastName: `Last${i % 89}`,
  })),
  async (chunk) =>
    userIds.push(
      ...(await db.insert(users).values(chunk).returning({ id: users.id })).map((r) => r.id),
    ),
);
const teamIds: string[] = [];
await insertAll(
  Array.from({ length: TEAMS }, (_, i) => ({
    name: `team-${String(i).padStart(4, "0")}`,
    status: i % 5 === 0 ? ("inactive" as const) : ("active" as const),
    activatedAt: i % 5 === 0 ? null : new Date(Date.now() - 20 * 86_400_000),
    apiKeyHash: `console-${i}`,
    apiKeyEncrypted: "bench",
    disqualifiedAt: i % 97 === 0 ? new Date() : null,
  })),
  async (chunk) =>
    teamIds.push(
      ...(await db.insert(teams).values(chunk).returning({ id: teams.id })).map((r) => r.id),
    ),
);
// Three members per team for the first 9,000 users; the rest are in no team.
await insertAll(
  userIds.slice(0, TEAMS * 3).map((userId, i) => ({
    teamId: teamIds[Math.floor(i / 3)]!,
    userId,
    role: i % 3 === 0 ? ("creator" as const) : ("member" as const),
  })),
  (chunk) => db.insert(teamMembers).values(chunk),
);
const file = gzipSync("id,label\n1,0\n");
await insertAll(
  Array.from({ length: SUBMISSIONS }, (_, i) => {
    const challenge = allChallenges()[i % allChallenges().length]!;
    const status = i % 20 === 19 ? SUBMISSION_STATUSES[((i / 20) % 5) | 0]! : "scored";
    return {
      teamId: teamIds[(i * 7) % TEAMS]!,
      challengeKey: challenge.key,
      status,
      predictions: file,
      payloadHash: `s-${i}`,
      rowCount: 1,
      metricName: METRICS[challenge.metric].name,
      ...shownExactly(status === "scored" ? (i % 1000) / 1000 : null),
      counted: true,
      createdAt: new Date(
        Date.now() - 20 * 86_400_000 + Math.floor((i * 20 * 86_400_000) / SUBMISSIONS),
      ),
    };
  }),
  (chunk) => db.insert(submissions).values(chunk),
);
await insertAll(
  Array.from({ length: 20_000 }, (_, i) => ({
    actorEmail: ADMIN.email,
    action: i % 2 ? "team.activate" : "settings.update",
    targetType: i % 2 ? "team" : "settings",
    targetId: i % 2 ? teamIds[i % TEAMS]! : null,
  })),
  (chunk) => db.insert(auditLog).values(chunk),
);
await db.execute("analyze");

const gateway = await startBenchGateway({
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  NOTIFY_SWEEP_SECONDS: "0",
});
const { base } = gateway;

let headers: Record<string, string> = {};

async function timed(path: string) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(SAMPLES / 2)]!, p95: times[Math.floor(SAMPLES * 0.95)]! };
}

/** The cursor `pages` pages into a list (50 per page). */
async function deepCursor(path: string, pages: number): Promise<string> {
  let cursor = "";
  for (let page = 0; page < pages; page++) {
    const separator = path.includes("?") ? "&" : "?";
    const response = await fetch(
      `${base}${path}${separator}limit=50${cursor ? `&cursor=${cursor}` : ""}`,
      { headers },
    );
    const body = (await response.json()) as { next_cursor?: string | null };
    if (!body.next_cursor) throw new Error(`${path}: no page ${page + 2}`);
    cursor = encodeURIComponent(body.next_cursor);
  }
  return cursor;
}

try {
  await gateway.ready();
  const login = await fetch(`${base}/api/login-verification`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const teamsDeep = await deepCursor("/api/admin/teams?sort=submissions&order=desc", 40);
  const usersDeep = await deepCursor("/api/admin/users", 100);
  const submissionsDeep = await deepCursor("/api/admin/submissions", 100);
  console.log(
    `${USERS.toLocaleString("en")} users, ${TEAMS.toLocaleString("en")} teams, ${SUBMISSIONS.toLocaleString("en")} submissions, 20,000 audit entries; ${SAMPLES} sequential requests each`,
  );
  const floor = await timed("/api/health");
  const cases: [string, string][] = [
    ["overview", "/api/admin/overview"],
    ["teams, by name", "/api/admin/teams"],
    ["teams, by submissions desc", "/api/admin/teams?sort=submissions&order=desc"],
    [
      "teams, page 41 by submissions",
      `/api/admin/teams?sort=submissions&order=desc&limit=50&cursor=${teamsDeep}`,
    ],
    ["teams, search", "/api/admin/teams?query=team-12"],
    ["users, first page", "/api/admin/users"],
    ["users, page 101", `/api/admin/users?limit=50&cursor=${usersDeep}`],
    ["users, search", "/api/admin/users?query=person99"],
    ["submissions, first page", "/api/admin/submissions"],
    ["submissions, page 101", `/api/admin/submissions?limit=50&cursor=${submissionsDeep}`],
    ["submissions, one challenge", "/api/admin/submissions?challenge=healthcare%2F2"],
    ["submissions, status failed", "/api/admin/submissions?status=failed"],
    ["submissions, one team", `/api/admin/submissions?team=${teamIds[7]}`],
    ["audit, first page", "/api/admin/audit"],
    ["audit, one action", "/api/admin/audit?action=team.activate"],
  ];
  console.log(`${"GET /api/health (floor)".padEnd(32)} p50 ${floor.p50.toFixed(2).padStart(7)} ms`);
  for (const [label, path] of cases) {
    const { p50, p95 } = await timed(path);
    console.log(
      `${label.padEnd(32)} p50 ${p50.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms   p50 / floor ${(p50 / floor.p50).toFixed(1)}`,
    );
  }
} finally {
  await stop();
}
