import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Challenge } from "@tandem/competition";
import { findChallenge } from "@tandem/competition/server";
import { parseAnswers, parseSubmission, scoreWholeSet } from "@tandem/scoring";
import { type NotebookRun, runBaselineNotebooks } from "../../src/baselines/notebooks";
import type { DomainFiles } from "../../src/types";

/** Debian's Python, which has pandas and scikit-learn (the `python3` on PATH may not). */
export const PYTHON = process.env.TANDEM_TEST_PYTHON ?? "/usr/bin/python3";

/**
 * A bound for a test that waits on a domain's baselines, for a busy machine, not a speed check:
 * the first such test of a file runs all of the domain's notebooks (three scikit-learn fits),
 * which took over a minute beside other CPU-bound work.
 */
export const BASELINE_TIMEOUT_MS = 300_000;

const runs = new WeakMap<DomainFiles, Promise<Map<number, NotebookRun>>>();

/**
 * Runs a baseline notebook's code cells (all but the submit cell) on a domain's public files,
 * returning the submission it wrote. The first call for a domain runs all of its notebooks in
 * one Python, as the platform does (src/baselines/notebooks.ts): pandas and scikit-learn are
 * imported once, not once per challenge.
 */
export async function runBaseline(domain: DomainFiles, number: number): Promise<string> {
  let all = runs.get(domain);
  if (!all) {
    all = runAllBaselines(domain);
    runs.set(domain, all);
  }
  const result = (await all).get(number);
  if (!result) throw new Error(`${domain.slug} has no baseline notebook for challenge ${number}`);
  if (!result.ok) throw new Error(`${domain.slug} challenge ${number}: ${result.error}`);
  return result.csv;
}

async function runAllBaselines(domain: DomainFiles): Promise<Map<number, NotebookRun>> {
  const dir = await mkdtemp(join(tmpdir(), `tandem-baseline-${domain.slug}-`));
  try {
    for (const [name, content] of Object.entries(domain.files))
      await writeFile(join(dir, name), content);
    const numbers = Object.keys(domain.files)
      .map((name) => /^Challenge(\d+)_baseline\.ipynb$/.exec(name)?.[1])
      .filter((number) => number !== undefined)
      .map(Number);
    return await runBaselineNotebooks(dir, numbers, PYTHON, BASELINE_TIMEOUT_MS);
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
