import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Challenge } from "@tandem/competition";
import { findChallenge } from "@tandem/competition/server";
import { parseAnswers, parseSubmission, scoreWholeSet } from "@tandem/scoring";
import type { DomainFiles } from "../../src/types";

const run = promisify(execFile);

/** Debian's Python, which has pandas and scikit-learn (the `python3` on PATH may not). */
export const PYTHON = process.env.TANDEM_TEST_PYTHON ?? "/usr/bin/python3";

/**
 * Writes a domain's public files to a temporary folder and runs a baseline notebook's code
 * cells (all but the submit cell) there with Python, returning the submission it wrote.
 */
export async function runBaseline(domain: DomainFiles, number: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `tandem-baseline-${domain.slug}-`));
  try {
    for (const [name, content] of Object.entries(domain.files))
      await writeFile(join(dir, name), content);
    const notebook = JSON.parse(domain.files[`Challenge${number}_baseline.ipynb`]!) as {
      cells: { cell_type: string; source: string[] }[];
    };
    const code = notebook.cells
      .filter((cell) => cell.cell_type === "code")
      .map((cell) => cell.source.join(""))
      .filter((source) => !source.includes("BenchmarkClient"))
      .join("\n\n");
    await writeFile(join(dir, "baseline.py"), code);
    await run(PYTHON, ["baseline.py"], {
      cwd: dir,
      env: { ...process.env, TANDEM_DATA_DIR: dir, TANDEM_OUTPUT_DIR: dir, PYTHONHASHSEED: "0" },
      timeout: 300_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return await readFile(join(dir, `submission_c${number}.csv`), "utf8");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface BaselineCheck {
  challenge: Challenge;
  baseline: number;
  constant: number;
  perfect: number;
}

/**
 * Scores the baseline's submission, a constant prediction and the answers themselves on every
 * hidden row (the generator is judged as a whole, not per part), after checking the submission
 * passes the platform's validator.
 */
export function checkBaseline(
  domain: DomainFiles,
  number: number,
  submissionCsv: string,
  constantCsv: string,
  /** The best possible submission; defaults to the answers file (label and numeric challenges). */
  perfectCsv?: string,
): BaselineCheck {
  const challenge = findChallenge(domain.slug, number)!;
  const answersCsv = domain.answers[challenge.key]!.csv;
  const answers = parseAnswers(answersCsv, challenge, domain.answers[challenge.key]!);
  const score = (csv: string) => {
    const parsed = parseSubmission(csv, challenge, {
      expected: answers.table.positions,
      ...(answers.eligible ? { eligibleItems: answers.eligible } : {}),
    });
    if (!parsed.ok) throw new Error(`${challenge.key}: ${parsed.errors.join(" | ")}`);
    return scoreWholeSet(challenge, answers, parsed.table);
  };
  return {
    challenge,
    baseline: score(submissionCsv),
    constant: score(constantCsv),
    perfect: score(
      perfectCsv ??
        (challenge.target.kind === "ranking" ? perfectRanking(domain, challenge) : answersCsv),
    ),
  };
}

/** The best possible ranking submission: each customer's relevant items first, padded with other eligible ones. */
export function perfectRanking(domain: DomainFiles, challenge: Challenge): string {
  const answers = domain.answers[challenge.key]!;
  const k = challenge.target.kind === "ranking" ? challenge.target.k : 10;
  const eligible = answers.eligibleItems ?? [];
  const lines = answers.csv
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [customer, relevant = ""] = line.split(",");
      const ranked = relevant.split(" ").filter(Boolean).slice(0, k);
      for (const item of eligible) {
        if (ranked.length >= k) break;
        if (!ranked.includes(item)) ranked.push(item);
      }
      return [customer, ...ranked].join(",");
    });
  return `${[challenge.header.join(","), ...lines].join("\n")}\n`;
}
