/**
 * Issue 30: what a team learns from the public scores it is shown, and how far it can lift its
 * public score above its private one, under each feedback policy (exact, rounded to 4 decimals,
 * the default definition's ladder). Four generated challenges of the default definition, one per
 * metric family, split and scored by the real code (packages/scoring) and shown through the real
 * policy (feedbackFor); the daily limits and the main phase's window come from the definition.
 * Then a sweep of ladder thresholds and daily limits. Seeded: the same figures on every run.
 * Each family runs in a process of its own, two at a time (Gini's alone takes about as long as
 * the other three).
 * Method and figures: docs/benchmarks.md, "Probing the public score (issue 30)".
 * Run: npm run bench:probing   (BENCH_REPEATS data sets and splits per figure, default 3;
 * BENCH_OUT the JSON file, default bench/probing/results.json)
 */
import { fork } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FamilyId } from "./probing/families";
import { report } from "./probing/report";
import { FAMILIES, type FamilyRuns, runFamily } from "./probing/run";

const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const OUT = process.env.BENCH_OUT ?? join(import.meta.dirname, "probing", "results.json");
const WORKERS = 2;

const child = process.argv[2] === "--family" ? (process.argv[3] as FamilyId) : undefined;
if (child) {
  process.send!(runFamily(child, REPEATS));
} else {
  const started = performance.now();
  const runOne = (id: FamilyId) =>
    new Promise<FamilyRuns>((resolve, reject) => {
      let result: FamilyRuns | undefined;
      const worker = fork(import.meta.filename, ["--family", id]);
      worker.on("message", (message) => {
        result = message as FamilyRuns;
      });
      worker.on("error", reject);
      worker.on("exit", (code) =>
        result ? resolve(result) : reject(new Error(`${id}: exited with ${code}`)),
      );
    });
  // The slowest first, so that the other worker takes the rest.
  const queue: FamilyId[] = ["gini", "labels", "ranking", "regression"];
  const done = new Map<FamilyId, FamilyRuns>();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      for (let id = queue.shift(); id; id = queue.shift()) done.set(id, await runOne(id));
    }),
  );
  const summary = report(
    FAMILIES.map((id) => done.get(id)!),
    REPEATS,
  );
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(OUT, `${JSON.stringify({ ...summary, seconds }, null, 2)}\n`);
  const each = FAMILIES.map((id) => {
    const f = done.get(id)!;
    return `${id} ${f.seconds.toFixed(1)} s, CPU ${f.cpuSeconds.toFixed(1)} s`;
  }).join("; ");
  console.log(`\n${seconds.toFixed(1)} s on ${WORKERS} processes (${each}); JSON in ${OUT}`);
}
