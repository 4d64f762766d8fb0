/**
 * One rankings refresh at the rush's history size (300 active teams, 30,000 counted submissions
 * over the 17 challenges, a third of the team-challenge pairs with final marks): the full
 * refreshRankings (every counted row) against rebuildRankings (the per-team summary the
 * coalesced refresh runs), medians of several runs, and the ratio; then a burst of scores from
 * two coalescing workers, with the count of rebuilds it took. Needs Postgres as the integration
 * tests do. Run: npm run bench:rankings
 */
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { METRICS } from "@tandem/competition";
import { allChallenges } from "@tandem/competition/server";
import { loadRankingInputs, loadRankingSummary, submissions, teams } from "@tandem/db";
import {
  createMemoryRefreshCoordination,
  createMemoryStore,
  createRankingsCache,
  rankingChallenges,
  rankingDomains,
} from "@tandem/jobs";
import { rankingBodies } from "@tandem/scoring";
// What it measures are the internals behind createRankingsFreshness: imported from their files.
import { createRankingsCoalescer } from "../packages/jobs/src/rankings-coalescer";
import { rebuildRankings, refreshRankings } from "../packages/jobs/src/rankings-refresh";
import { createTestDatabase } from "../test/support/services";
import { shownExactly } from "../test/support/shown";

const TEAMS = Number(process.env.BENCH_TEAMS ?? 300);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 30_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BURST = Number(process.env.BENCH_BURST ?? 400);

const database = await createTestDatabase();
const { db } = database.handle;
try {
  const start = Date.now() - 30 * 86_400_000;
  const teamIds = (
    await db
      .insert(teams)
      .values(
        Array.from({ length: TEAMS }, (_, i) => ({
          name: `bench-${String(i).padStart(4, "0")}`,
          status: "active" as const,
          activatedAt: new Date(start),
          apiKeyHash: randomBytes(16).toString("hex"),
          apiKeyEncrypted: "bench",
        })),
      )
      .returning({ id: teams.id })
  ).map((row) => row.id);

  const empty = gzipSync("");
  // mulberry32: the same history on every run.
  let seed = 42;
  const next = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const marked = new Map<string, number>();
  const row = (i: number) => {
    const team = Math.floor(next() * TEAMS);
    const challenge = allChallenges()[Math.floor(next() * allChallenges().length)]!;
    // On a third of its challenges a team marks its first two submissions final.
    const pair = `${team}|${challenge.key}`;
    const marks = marked.get(pair) ?? 0;
    const final = (team + challenge.number) % 3 === 0 && marks < 2;
    if (final) marked.set(pair, marks + 1);
    return {
      teamId: teamIds[team]!,
      challengeKey: challenge.key,
      status: "scored" as const,
      predictions: empty,
      payloadHash: `bench-${i}`,
      rowCount: 1,
      metricName: METRICS[challenge.metric].name,
      ...shownExactly(Math.round(next() * 1e6) / 1e6),
      privateMetricValue: Math.round(next() * 1e6) / 1e6,
      counted: true,
      finalAt: final ? new Date() : null,
      createdAt: new Date(start + i * 60_000 + Math.floor(next() * 1000)),
    };
  };
  const rows = Array.from({ length: SUBMISSIONS }, (_, i) => row(i));
  for (let i = 0; i < rows.length; i += 2000) {
    await db.insert(submissions).values(rows.slice(i, i + 2000));
  }
  await db.execute("analyze");

  const cache = createRankingsCache(createMemoryStore(), "bench");
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const time = async (run: () => Promise<unknown> | unknown) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  const fullInputs = await loadRankingInputs(db);
  const summaryInputs = await loadRankingSummary(db, rankingChallenges());
  const runs = {
    "full refreshRankings": () => refreshRankings(db, cache),
    "summary rebuildRankings": () => rebuildRankings(db, cache),
    "  full load": () => loadRankingInputs(db),
    "  summary load": () => loadRankingSummary(db, rankingChallenges()),
    "  full bodies": () => rankingBodies(rankingDomains(fullInputs), fullInputs),
    "  summary bodies": () => rankingBodies(rankingDomains(summaryInputs), summaryInputs),
  };
  const timings = new Map<string, number[]>(Object.keys(runs).map((name) => [name, []]));
  // One warm-up each, then interleaved runs so that every one meets the same machine load.
  for (const run of Object.values(runs)) await run();
  for (let i = 0; i < RUNS; i++) {
    for (const [name, run] of Object.entries(runs)) timings.get(name)!.push(await time(run));
  }
  const ms = (name: string) => median(timings.get(name)!);
  console.log(
    `rankings refresh, ${TEAMS} teams, ${SUBMISSIONS} counted submissions (summary: ${summaryInputs.results.length} rows), median of ${RUNS} ms:`,
  );
  for (const name of timings.keys()) console.log(`  ${name.padEnd(26)} ${ms(name).toFixed(1)}`);
  console.log(
    `ratio full / summary: ${(ms("full refreshRankings") / ms("summary rebuildRankings")).toFixed(1)}x`,
  );

  // A burst as two workers score it (4 jobs at a time each): every score is written, then a
  // coalesced refresh requested, as createRankingProcessor does.
  const coordination = createMemoryRefreshCoordination();
  let rebuilds = 0;
  const workers = [0, 1].map(() =>
    createRankingsCoalescer({
      coordination,
      rebuild: async () => {
        rebuilds += 1;
        await rebuildRankings(db, cache);
      },
      logger: console,
    }),
  );
  let made = 0;
  const burstStarted = performance.now();
  await Promise.all(
    workers.flatMap((coalescer) =>
      Array.from({ length: 4 }, async () => {
        while (made < BURST) {
          made += 1;
          await db.insert(submissions).values(row(SUBMISSIONS + made));
          await coalescer.request();
        }
      }),
    ),
  );
  for (const coalescer of workers) await coalescer.idle();
  const burstMs = performance.now() - burstStarted;
  console.log(
    `burst of ${BURST} scores from 2 workers: ${rebuilds} rebuilds, ${burstMs.toFixed(0)} ms in all; one full refresh per score: ~${((BURST * ms("full refreshRankings")) / 1000).toFixed(0)} s`,
  );
} finally {
  await database.drop();
}
