import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateDatasets } from "@tandem/datasets";
import { submissions } from "@tandem/db";
import { createRankingsCache, createRankingsFreshness, createRedisStore } from "@tandem/jobs";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { check, jsonApi } from "../test/support/http";
import { freePort, startProcess, waitForReady } from "../test/support/processes";
import { createTestDatabase, TEST_DATA_SEED, TEST_SECRETS } from "../test/support/services";
import { planRush, runRush } from "./rush/clients";
import { MEASURES_ALIGNED, prepareFiles } from "./rush/files";
import { cpuMsOf, leaderboardReader, memorySampler, percentile, pidsNamed } from "./rush/probes";
import { startOwnRedis } from "./rush/redis-server";
import {
  alignedSampler,
  hasAlignedColumn,
  queueSampler,
  walBytesSince,
  walLsn,
} from "./rush/samplers";
import { createTeams, insertHistory } from "./rush/scene";

/**
 * The deadline at ten times the expected crowd (`npm run bench:rush`, issue 20): production mode
 * (`start:prod`, gateway and 2 workers) at the published data sizes; 300 active teams with
 * 30,000 earlier submissions; then each team's own client sends 17 challenges x 3 files at once,
 * with 5% invalid files and 2% resent with the same Idempotency-Key. Reports what was accepted
 * and refused, the drain, latencies, leaderboard reads (100 a second, as pollers read) and
 * memory, and checks nothing was lost or counted twice. `--kill-worker` SIGKILLs a worker halfway (start:prod restarts it);
 * `--restart-redis` kills Redis halfway and starts it empty; `--workers N` runs N workers.
 * Per file, the CPU of each process; the queue's depth and oldest wait (`GET /api/status`), the
 * WAL Postgres wrote, and the aligned forms' mean size (ADR 0021) while the rush runs.
 */
const { values: args } = parseArgs({
  options: {
    teams: { type: "string", default: "300" },
    workers: { type: "string", default: "2" },
    scale: { type: "string", default: "1" },
    "kill-worker": { type: "boolean", default: false },
    "restart-redis": { type: "boolean", default: false },
  },
});
const TEAMS = Number(args.teams);
const SCALE = Number(args.scale);
const WORKERS = Number(args.workers);
if (!Number.isInteger(WORKERS) || WORKERS < 1)
  throw new Error("--workers must be a whole number >= 1");
const workerNames = Array.from({ length: WORKERS }, (_, i) => `worker-${i + 1}`);
const HISTORY_PER_TEAM = 100;
/** The organizers' leaderboard polled at this rate in all while the rush runs. */
const LEADERBOARD_READS_PER_SECOND = 100;
const DRAIN_LIMIT_MS = 30 * 60_000;
const ADMIN = { email: "rush-admin@example.org", password: "rush-admin-password" };
const chaos = args["kill-worker"]
  ? "worker killed"
  : args["restart-redis"]
    ? "redis restarted"
    : "";

const database = await createTestDatabase();
const redis = await startOwnRedis();
const prefix = "rush";
const dir = await mkdtemp(join(tmpdir(), "tandem-bench-rush-"));
const staticDir = join(dir, "static");
const db = database.handle.db;
let stack: ReturnType<typeof startProcess> | undefined;
const log = (message: string) => console.log(`[rush] ${message}`);

try {
  let started = performance.now();
  await generateDatasets({ db, staticDir, seed: TEST_DATA_SEED, scale: SCALE });
  log(`datasets at scale ${SCALE} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const port = await freePort();
  const metricsBase = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  stack = startProcess(
    "scripts/start-prod.ts",
    {
      ...TEST_SECRETS,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      DATA_DIR: dir,
      STATIC_DIR: staticDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      COMPETITION_OPENS_AT: new Date(Date.now() - 86_400_000 * 3).toISOString(),
      COMPETITION_CLOSES_AT: new Date(Date.now() + 86_400_000).toISOString(),
      // The burst is answered at once (202 queued); clients would poll for the score.
      SUBMIT_WAIT_MS: "0",
      SUBMISSIONS_PER_DAY: "1000",
      RATE_LIMIT_AUTH_PER_IP: "100000",
      NOTIFY_SWEEP_SECONDS: "0",
      // The gateway's /metrics here, worker i's on the next ports.
      METRICS_PORT: String(metricsBase),
    },
    ["--workers", String(WORKERS)],
  );
  await waitForReady(`${baseUrl}/api/ready`, stack, 180_000);
  const admin = await jsonApi(baseUrl, "/api/login-verification", { method: "POST", body: ADMIN });
  const adminAuth = { authorization: `Bearer ${admin.body.token}` };

  started = performance.now();
  const teams = await createTeams(baseUrl, adminAuth, TEAMS);
  await insertHistory(db, teams, HISTORY_PER_TEAM);
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const rankings = createRankingsFreshness({
    db,
    cache: createRankingsCache(createRedisStore(connection), prefix),
    mode: "in-process",
    logger: console,
  });
  await rankings.fresh();
  await rankings.stop();
  connection.disconnect();
  log(
    `${teams.length} active teams with ${teams.length * HISTORY_PER_TEAM} earlier submissions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const { valid, invalids } = await prepareFiles(db, staticDir);
  const plan = planRush(teams, valid, invalids);

  // Each distinct file sent alone to the idle platform, by a team of its own: the CPU the
  // gateway and both workers spend on it from upload to score (intake included).
  const memory = memorySampler(() => stack!.output());
  const workerPids = () => workerNames.flatMap((name) => memory.pid(name) ?? []);
  const gatewayPid = () => [memory.pid("gateway") ?? []].flat();
  const pids = () => [...gatewayPid(), ...workerPids()];
  const [probe] = await createTeams(baseUrl, adminAuth, 1, "probe");
  for (const files of valid) {
    for (const file of files) {
      const before = cpuMsOf(pids());
      const workersBefore = cpuMsOf(workerPids());
      const answer = await jsonApi(baseUrl, "/api/submit", {
        method: "POST",
        headers: { "x-api-key": probe!.apiKey },
        body: {
          domain_name: file.domainName,
          task_number: file.challenge.number,
          predictions_csv: file.csv,
        },
      });
      const id = answer.body.submission_id as string;
      for (;;) {
        const [row] = await db
          .select({ status: submissions.status })
          .from(submissions)
          .where(eq(submissions.id, id));
        if (row && row.status !== "queued" && row.status !== "scoring") break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The rankings refresh that follows a score runs after it is stored: let it finish.
      await new Promise((resolve) => setTimeout(resolve, 150));
      file.endToEndCpuMs = cpuMsOf(pids()) - before;
      file.workerCpuMs = cpuMsOf(workerPids()) - workersBefore;
    }
  }
  const sends = plan.valid + plan.invalid;
  log(
    `rush: ${plan.valid} valid + ${plan.invalid} invalid files, ${plan.resends} resent with their key, from ${teams.length} clients${chaos ? `; ${chaos} halfway` : ""}`,
  );

  const reader = leaderboardReader(baseUrl, adminAuth, { perSecond: LEADERBOARD_READS_PER_SECOND });
  const others = () => [...pidsNamed("postgres"), redis.pid() ?? []].flat();
  const cpuAtStart = new Map([...pids(), ...others()].map((pid) => [pid, cpuMsOf([pid])] as const));
  const benchCpuAtStart = process.cpuUsage();
  /** CPU seconds of `pids` since the rush started (a process started since: all of its own). */
  const cpuSinceStart = (pids: number[]) =>
    pids.reduce((sum, pid) => sum + cpuMsOf([pid]) - (cpuAtStart.get(pid) ?? 0), 0) / 1000;
  const walAtStart = await walLsn(db);
  const queue = queueSampler(baseUrl);
  const alignedForms = (await hasAlignedColumn(db)) ? alignedSampler(db) : undefined;
  const rushStart = new Date();
  const rushClock = performance.now();
  let chaosDone: Promise<void> = Promise.resolve();
  let chaosAt = "";
  const results = await runRush(baseUrl, teams, plan, (done) => {
    if (done === Math.floor(sends / 2) && chaos) {
      chaosAt = `${((performance.now() - rushClock) / 1000).toFixed(1)} s`;
      if (args["kill-worker"]) {
        const pid = memory.pid("worker-1");
        if (pid) process.kill(pid, "SIGKILL");
      } else {
        chaosDone = redis.restart(2_000);
      }
    }
  });
  await chaosDone;
  const sentSeconds = (performance.now() - rushClock) / 1000;
  log(
    `every file answered in ${sentSeconds.toFixed(1)} s${chaosAt ? ` (${chaos} at ${chaosAt})` : ""}`,
  );

  // Drain: every accepted submission finished (scored, invalid or failed).
  const accepted = new Set(
    results.filter((r) => r.valid && r.submissionId).map((r) => r.submissionId!),
  );
  const teamIds = teams.map((team) => team.id);
  const rushRows = () =>
    db
      .select({
        id: submissions.id,
        status: submissions.status,
        createdAt: submissions.createdAt,
        scoredAt: submissions.scoredAt,
        attempts: submissions.attempts,
      })
      .from(submissions)
      .where(and(inArray(submissions.teamId, teamIds), gte(submissions.createdAt, rushStart)));
  let rows = await rushRows();
  const unfinished = () =>
    rows.filter((row) => row.status === "queued" || row.status === "scoring");
  while (unfinished().length > 0 && performance.now() - rushClock < DRAIN_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    rows = await rushRows();
  }
  // A worker killed halfway takes its CPU time with it: then these are lower bounds.
  const benchCpu = process.cpuUsage(benchCpuAtStart);
  const rushCpu = {
    gateway: cpuSinceStart(gatewayPid()),
    workers: cpuSinceStart(workerPids()),
    eachWorker: workerNames.map((name) => cpuSinceStart([memory.pid(name) ?? []].flat())),
    postgres: cpuSinceStart(pidsNamed("postgres")),
    redis: cpuSinceStart([redis.pid() ?? []].flat()),
    bench: (benchCpu.user + benchCpu.system) / 1e6,
  };
  const walBytes = await walBytesSince(db, walAtStart);
  const queueSeen = await queue.stop();
  const formsSeen = await alignedForms?.stop();
  const leaderboard = await reader.stop();
  const peaks = memory.stop();
  // How many rankings rebuilds the workers ran for all those scores (their /metrics).
  let rebuilds = 0;
  let rebuildSeconds = 0;
  for (const offset of workerNames.map((_, i) => i + 1)) {
    const text = await fetch(`http://127.0.0.1:${metricsBase + offset}/metrics`)
      .then((response) => response.text())
      .catch(() => "");
    rebuilds += Number(text.match(/^tandem_rankings_refresh_seconds_count (\S+)/m)?.[1] ?? 0);
    rebuildSeconds += Number(text.match(/^tandem_rankings_refresh_seconds_sum (\S+)/m)?.[1] ?? 0);
  }

  // What the served leaderboard counts against what the database holds, once it has caught up.
  const counted = async () => {
    const perTeam = await db
      .select({ teamId: submissions.teamId, n: sql<number>`count(*)::int` })
      .from(submissions)
      .where(
        and(
          inArray(submissions.teamId, teamIds),
          sql`${submissions.status} = 'scored' and ${submissions.counted}`,
        ),
      )
      .groupBy(submissions.teamId);
    return new Map(perTeam.map((row) => [row.teamId, row.n]));
  };
  const expected = await counted();
  let disagreements = 0;
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const board = await jsonApi(baseUrl, "/api/leaderboard", { headers: adminAuth });
    const served = board.body.leaderboard as { team_id: string; valid_submissions_total: number }[];
    disagreements = teamIds.filter(
      (id) =>
        served.find((row) => row.team_id === id)?.valid_submissions_total !== expected.get(id),
    ).length;
    if (disagreements === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }

  // The figures.
  const validResults = results.filter((r) => r.valid);
  const refusedValid = validResults.filter((r) => !r.submissionId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const notScored = [...accepted].filter((id) => byId.get(id)?.status !== "scored");
  const lost = refusedValid.length + notScored.length;
  const resentElsewhere = results.filter(
    (r) => r.resentId !== undefined && r.resentId !== r.submissionId,
  ).length;
  const doubled = Math.max(0, rows.length - accepted.size) + resentElsewhere;
  const invalidResults = results.filter((r) => !r.valid);
  const invalidRefused = invalidResults.filter(
    (r) => r.status === 400 && r.code === "submission.invalid" && r.validationErrors > 0,
  ).length;
  const scored = rows.filter((row) => row.status === "scored" && row.scoredAt);
  const lastScored = Math.max(...scored.map((row) => row.scoredAt!.getTime()));
  const drainSeconds = (lastScored - rushStart.getTime()) / 1000;
  const latencies = scored.map((row) => (row.scoredAt!.getTime() - row.createdAt.getTime()) / 1000);
  const cpuSeconds =
    validResults
      .filter((r) => r.submissionId && byId.get(r.submissionId)?.status === "scored")
      .reduce((sum, r) => sum + r.scoringCpuMs, 0) / 1000;
  const bound = cpuSeconds / 2;
  const ratio = drainSeconds / bound;
  const endToEndSeconds =
    validResults
      .filter((r) => r.submissionId && byId.get(r.submissionId)?.status === "scored")
      .reduce((sum, r) => sum + r.endToEndCpuMs, 0) / 1000;
  const endToEndRatio = drainSeconds / (endToEndSeconds / 2);
  const perFile = valid.flat();
  const meanOf = (pick: (file: (typeof perFile)[number]) => number) =>
    perFile.reduce((sum, file) => sum + pick(file), 0) / perFile.length;
  const overheadMs = ((drainSeconds * 2 - cpuSeconds) / Math.max(1, scored.length)) * 1000;
  const statuses = new Map<string, number>();
  for (const r of results) {
    const label = `${r.status}${r.code ? ` ${r.code}` : ""}`;
    statuses.set(label, (statuses.get(label) ?? 0) + 1);
  }
  const reclaimed = rows.filter((row) => row.attempts > 1).length;
  const lb50 = percentile(leaderboard.latencies, 50);
  const lb99 = percentile(leaderboard.latencies, 99);

  console.log("");
  log(`answers: ${[...statuses].map(([label, n]) => `${n}x ${label}`).join(", ")}`);
  log(
    `accepted ${accepted.size} of ${plan.valid} valid; refused ${invalidRefused} of ${plan.invalid} invalid with their messages; ${refusedValid.length} valid files not accepted; ${plan.resends} resends, ${resentElsewhere} answered with another id`,
  );
  log(
    `database: ${rows.length} rush rows (${scored.length} scored, ${notScored.length} accepted but not scored, ${reclaimed} scored more than once after a lost claim); leaderboard disagrees with it for ${disagreements} teams`,
  );
  log(
    `drain ${drainSeconds.toFixed(1)} s; scoring CPU ${cpuSeconds.toFixed(1)} s (bound on 2 cores ${bound.toFixed(1)} s); ratio ${ratio.toFixed(2)}; overhead beyond scoring ${overheadMs.toFixed(1)} ms CPU per submission`,
  );
  log(
    `each file alone, upload to score, costs the platform ${endToEndSeconds.toFixed(1)} s CPU in all (bound ${(endToEndSeconds / 2).toFixed(1)} s); drain / that bound ${endToEndRatio.toFixed(2)}`,
  );
  log(
    `one file alone, mean over the ${perFile.length} distinct files: scoring ${meanOf((f) => f.scoringCpuMs).toFixed(1)} ms CPU, platform ${meanOf((f) => f.endToEndCpuMs).toFixed(1)} ms (workers ${meanOf((f) => f.workerCpuMs).toFixed(1)} ms, gateway the rest)`,
  );
  log(
    MEASURES_ALIGNED
      ? `one file alone, aligned form, mean over the ${perFile.length} distinct files: parseToAligned ${meanOf((f) => f.parseToAlignedCpuMs ?? 0).toFixed(2)} ms CPU, scoreAligned ${meanOf((f) => f.scoreAlignedCpuMs ?? 0).toFixed(2)} ms (the scoring bound above: ${meanOf((f) => f.scoringCpuMs).toFixed(1)} ms)`
      : "one file alone, aligned form: n/a (this checkout's @tandem/scoring has no parseToAligned)",
  );
  log(
    `CPU during the rush: gateway ${rushCpu.gateway.toFixed(0)} s (${((rushCpu.gateway / Math.max(1, sends)) * 1000).toFixed(1)} ms per file sent), workers ${rushCpu.workers.toFixed(0)} s (${((rushCpu.workers / Math.max(1, scored.length)) * 1000).toFixed(1)} ms per submission scored), Postgres ${rushCpu.postgres.toFixed(0)} s, Redis ${rushCpu.redis.toFixed(0)} s, the bench's clients and leaderboard readers ${rushCpu.bench.toFixed(0)} s`,
  );
  const perFileMs = (seconds: number, files: number) =>
    `${((seconds / Math.max(1, files)) * 1000).toFixed(1)} ms`;
  log(
    `CPU per file during the rush: gateway ${perFileMs(rushCpu.gateway, sends)} per file sent, workers ${perFileMs(rushCpu.workers, scored.length)} per file scored (${workerNames.map((name, i) => `${name} ${perFileMs(rushCpu.eachWorker[i]!, scored.length)}`).join(", ")}), Postgres ${perFileMs(rushCpu.postgres, scored.length)} per file scored, Redis ${perFileMs(rushCpu.redis, scored.length)} per file scored, bench ${perFileMs(rushCpu.bench, sends)} per file sent (${sends} sent, ${scored.length} scored; Postgres counts every backend on the machine)`,
  );
  log(
    `queue during the rush (GET /api/status each second, ${queueSeen.samples} reads): deepest ${queueSeen.maxLength} queued or scoring, oldest waited at most ${queueSeen.maxOldestSeconds} s`,
  );
  log(
    `Postgres WAL written from the rush's start to its drain: ${(walBytes / 1024 / 1024).toFixed(1)} MiB (${(walBytes / Math.max(1, scored.length) / 1024).toFixed(1)} KiB per file scored; the whole cluster's)`,
  );
  log(
    formsSeen
      ? `aligned forms waiting (submissions.aligned, sampled each second): ${formsSeen.samples > 0 ? `mean ${formsSeen.meanBytes.toFixed(0)} bytes over ${formsSeen.samples} samples (${formsSeen.forms} forms seen)` : "none seen"}`
      : "aligned forms waiting (submissions.aligned): n/a (no such column)",
  );
  log(
    `intake to scored: p50 ${percentile(latencies, 50).toFixed(1)} s, p95 ${percentile(latencies, 95).toFixed(1)} s, p99 ${percentile(latencies, 99).toFixed(1)} s`,
  );
  log(
    `leaderboard during the rush: ${leaderboard.latencies.length} reads (${leaderboard.perSecond.toFixed(0)}/s of ${LEADERBOARD_READS_PER_SECOND}/s asked), p50 ${lb50.toFixed(1)} ms, p99 ${lb99.toFixed(1)} ms, ${leaderboard.errors} errors`,
  );
  log(
    `rankings rebuilds (since each worker's last start): ${rebuilds}, ${((rebuildSeconds * 1000) / Math.max(1, rebuilds)).toFixed(0)} ms each on average`,
  );
  const restarts = stack.output().match(/^\[start-prod\] .* restarting in .*$/gm) ?? [];
  log(`start:prod restarts: ${restarts.length ? restarts.join("; ") : "none"}`);
  log(`peak memory: ${[...peaks].map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`).join(", ")}`);
  console.log(
    `rush: ${teams.length} teams, ${accepted.size} submissions, lost ${lost}, doubled ${doubled}, drain ${drainSeconds.toFixed(1)} s, ratio ${ratio.toFixed(2)}, p99 ${percentile(latencies, 99).toFixed(1)} s, leaderboard p99 ${lb99.toFixed(1)} ms`,
  );
  check(lost === 0, `${lost} submissions lost`);
  check(doubled === 0, `${doubled} submissions doubled`);
  check(
    invalidRefused === plan.invalid,
    `${plan.invalid - invalidRefused} invalid files not refused with a message`,
  );
} finally {
  await stack?.stop();
  await redis.stop();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
}
