/**
 * Parse + validate + score a 1,000,000-row submission in TypeScript (packages/scoring) against
 * pandas.read_csv + scikit-learn on the same files, in one run (ratios, not absolute times).
 * Run: npm run bench:scoring   (needs /usr/bin/python3 with pandas and scikit-learn)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findChallenge } from "@tandem/competition";
import { parseAnswers, parseSubmission, scorePredictions } from "@tandem/scoring";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REPEATS = 5;
const dir = mkdtempSync(join(tmpdir(), "tandem-bench-"));

function files(kind: "classification" | "regression") {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const header = kind === "classification" ? "TxnID,FraudLabel" : "patient_id,ed_cost_next3y_usd";
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

try {
  console.log(
    `rows: ${ROWS.toLocaleString("en")}, median of ${REPEATS} runs each, same machine, same run`,
  );
  for (const kind of ["classification", "regression"] as const) {
    const challenge =
      kind === "classification"
        ? findChallenge("retail-banking", 1)!
        : findChallenge("healthcare", 2)!;
    const f = files(kind);
    const times: number[] = [];
    let value = 0;
    for (let r = 0; r < REPEATS; r++) {
      const start = performance.now();
      const answers = parseAnswers(f.answers, challenge);
      const parsed = parseSubmission(f.submission, challenge, {
        expected: answers.table.positions,
      });
      if (!parsed.ok) throw new Error(parsed.errors.join("; "));
      value = scorePredictions(challenge, answers, parsed.table);
      times.push((performance.now() - start) / 1000);
    }
    const ts = median(times);
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
      `${kind.padEnd(14)} TypeScript ${ts.toFixed(3)} s   pandas+sklearn ${py.toFixed(3)} s   ratio (TS/Python) ${(ts / py).toFixed(2)}   metric ${value.toFixed(6)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
