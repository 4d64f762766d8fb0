/**
 * Parse + validate + score a 1,000,000-row submission in TypeScript (packages/scoring) against
 * pandas.read_csv + scikit-learn on the same files, in one run (ratios, not absolute times).
 * It also times our own scoring on the public and the private rows at once (what the worker does
 * since docs/adr/0009) against scoring the whole set once (what it did before), interleaved in the
 * same run: the "two parts / whole" ratio (issue 17: at most 1.10).
 * Run: npm run bench:scoring   (needs /usr/bin/python3 with pandas and scikit-learn; BENCH_ROWS,
 * BENCH_REPEATS and BENCH_KINDS=classification,regression,gini change the defaults)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Challenge } from "@tandem/competition";
import { findChallenge } from "@tandem/competition/server";
import {
  computePublicRows,
  parseAnswers,
  parseSubmission,
  scorePredictions,
  scoreWholeSet,
} from "@tandem/scoring";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const dir = mkdtempSync(join(tmpdir(), "tandem-bench-"));

type Kind = "classification" | "regression" | "gini";
/** A chosen, public seed: the bench's split is as random as a deployment's, not secret. */
const BENCH_SEED = "bench-seed-not-secret";

function files(kind: Kind) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const header =
    kind === "classification"
      ? "TxnID,FraudLabel"
      : kind === "gini"
        ? "PolicyID,NextYearLoss"
        : "patient_id,ed_cost_next3y_usd";
  const id = (i: number) =>
    kind === "classification" ? `T${String(i).padStart(7, "0")}` : `P${String(i).padStart(7, "0")}`;
  const truth: string[] = [header];
  const predicted: string[] = [header];
  // The submission lists the ids in another order than the answers, as real ones do.
  const order = Array.from({ length: ROWS }, (_, i) => i + 1).reverse();
  for (let i = 1; i <= ROWS; i++) {
    truth.push(
      `${id(i)},${kind === "classification" ? (random() < 0.05 ? 1 : 0) : (random() * 5000).toFixed(2)}`,
    );
  }
  for (const i of order) {
    predicted.push(
      `${id(i)},${kind === "classification" ? (random() < 0.07 ? 1 : 0) : (random() * 5000).toFixed(2)}`,
    );
  }
  const answersPath = join(dir, `${kind}-answers.csv`);
  const submissionPath = join(dir, `${kind}-submission.csv`);
  writeFileSync(answersPath, `${truth.join("\n")}\n`);
  writeFileSync(submissionPath, `${predicted.join("\n")}\n`);
  return {
    answersPath,
    submissionPath,
    answers: `${truth.join("\n")}\n`,
    submission: `${predicted.join("\n")}\n`,
  };
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

const CHALLENGES: Record<Kind, Challenge> = {
  classification: findChallenge("retail-banking", 1)!,
  regression: findChallenge("healthcare", 2)!,
  gini: findChallenge("insurance", 2)!,
};

/** Parse the answers and the submission, then score: whole set once, or both parts in one pass. */
function scoreOnce(
  challenge: Challenge,
  f: ReturnType<typeof files>,
  mode: "whole" | "parts",
  publicRows: Uint8Array,
): number {
  const answers = parseAnswers(f.answers, challenge, mode === "parts" ? { publicRows } : {});
  const parsed = parseSubmission(f.submission, challenge, { expected: answers.table.positions });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  return mode === "whole"
    ? scoreWholeSet(challenge, answers, parsed.table)
    : scorePredictions(challenge, answers, parsed.table).public;
}

/**
 * The metric step alone on an already parsed submission (the parse dominates the whole): how much
 * the second part costs where it is paid, median of REPEATS interleaved runs.
 */
function metricStepRatio(
  challenge: Challenge,
  f: ReturnType<typeof files>,
  publicRows: Uint8Array,
): number {
  const answers = parseAnswers(f.answers, challenge, { publicRows });
  const parsed = parseSubmission(f.submission, challenge, { expected: answers.table.positions });
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  const whole: number[] = [];
  const parts: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    let start = performance.now();
    scoreWholeSet(challenge, answers, parsed.table);
    whole.push(performance.now() - start);
    start = performance.now();
    scorePredictions(challenge, answers, parsed.table);
    parts.push(performance.now() - start);
  }
  return median(parts) / median(whole);
}

try {
  console.log(
    `rows: ${ROWS.toLocaleString("en")}, median of ${REPEATS} runs each, same machine, same run`,
  );
  const kinds = (process.env.BENCH_KINDS?.split(",") ?? [
    "classification",
    "regression",
    "gini",
  ]) as Kind[];
  for (const kind of kinds) {
    const challenge = CHALLENGES[kind];
    const f = files(kind);
    // The split is computed once when answers are stored, not per submission: outside the timing.
    const publicRows = computePublicRows(
      challenge,
      BENCH_SEED,
      parseAnswers(f.answers, challenge).table.ids,
    );
    const times = { whole: [] as number[], parts: [] as number[] };
    let value = 0;
    for (let r = 0; r < REPEATS; r++) {
      // Interleaved, alternating which goes first, so drift and warm-up hit both alike.
      const order = r % 2 === 0 ? (["whole", "parts"] as const) : (["parts", "whole"] as const);
      for (const mode of order) {
        const start = performance.now();
        const result = scoreOnce(challenge, f, mode, publicRows);
        times[mode].push((performance.now() - start) / 1000);
        if (mode === "whole") value = result;
      }
    }
    const whole = median(times.whole);
    const parts = median(times.parts);
    const metric = metricStepRatio(challenge, f, publicRows);
    const ours = `whole ${whole.toFixed(3)} s   two parts ${parts.toFixed(3)} s   ratio (two parts/whole) ${(parts / whole).toFixed(3)} [metric step alone ${metric.toFixed(2)}]`;
    if (kind === "gini") {
      // scoring.py has no Gini (scikit-learn has none): our two timings only.
      console.log(`${kind.padEnd(14)} TypeScript ${ours}   metric ${value.toFixed(6)}`);
      continue;
    }
    const [py, pyValue] = execFileSync(
      "/usr/bin/python3",
      [
        join(import.meta.dirname, "scoring.py"),
        kind,
        f.answersPath,
        f.submissionPath,
        String(REPEATS),
      ],
      {
        encoding: "utf8",
      },
    )
      .trim()
      .split(" ")
      .map(Number) as [number, number];
    if (Math.abs(pyValue - value) > 1e-6 * Math.max(1, Math.abs(value))) {
      throw new Error(`${kind}: metric differs (TypeScript ${value}, Python ${pyValue})`);
    }
    console.log(
      `${kind.padEnd(14)} TypeScript ${ours}   pandas+sklearn ${py.toFixed(3)} s   ratio (TS two parts/Python) ${(parts / py).toFixed(2)}   metric ${value.toFixed(6)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
