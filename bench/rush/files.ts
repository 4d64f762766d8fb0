import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Challenge } from "@tandem/competition";
import { domains } from "@tandem/competition/server";
import { createAnswersStore, type Database } from "@tandem/db";
import * as scoring from "@tandem/scoring";

export const VALID_PER_CHALLENGE = 3;

export interface RushFile {
  challenge: Challenge;
  domainName: string;
  csv: string;
  /** Median CPU time (ms) scoring it alone takes: parse against the answers, score both parts. */
  scoringCpuMs: number;
  /** CPU time (ms) of the gateway and workers for it sent alone, upload to score (intake too). */
  endToEndCpuMs: number;
  /** The workers' part of it. */
  workerCpuMs: number;
  /** Median CPU time (ms) of `parseToAligned` against the public test set (intake's part). */
  parseToAlignedCpuMs?: number;
  /** Median CPU time (ms) of `scoreAligned` on that form (the worker's part). */
  scoreAlignedCpuMs?: number;
}

export interface InvalidFile {
  challenge: Challenge;
  domainName: string;
  csv: string;
}

export const CHALLENGES = domains().flatMap((domain) =>
  domain.challenges.map((challenge) => ({ challenge, domainName: domain.name })),
);

/** A deterministic shuffle (the bench must send the same files every run). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Variant `n` of a challenge's sample submission: still valid, but different bytes (and, for
 * labels and numbers, different predictions, so teams do not all tie): the prediction column
 * shuffled among the rows, or for rankings the rows in another order.
 */
function variant(sample: string, challenge: Challenge, n: number): string {
  const [header, ...rows] = sample.trimEnd().split("\n");
  if (challenge.target.kind === "ranking") {
    const shift = ((n + 1) * 7) % rows.length;
    return `${[header, ...rows.slice(shift), ...rows.slice(0, shift)].join("\n")}\n`;
  }
  const idWidth = challenge.idColumns.length;
  const cells = rows.map((row) => row.split(","));
  const predictions = shuffled(
    cells.map((row) => row.slice(idWidth).join(",")),
    n * 7919 + challenge.number,
  );
  const lines = cells.map((row, i) => `${row.slice(0, idWidth).join(",")},${predictions[i]}`);
  return `${[header, ...lines].join("\n")}\n`;
}

/** Invalid in a way the intake sees: a wrong header, or rows missing. */
function invalid(sample: string, n: number): string {
  const [header, ...rows] = sample.trimEnd().split("\n");
  if (n % 2 === 0) return `${header},extra\n${rows.map((row) => `${row},1`).join("\n")}\n`;
  return `${[header, ...rows.slice(0, Math.max(1, rows.length - 10))].join("\n")}\n`;
}

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Median of three runs' CPU time (ms). */
function medianCpuMs(run: () => void): number {
  const times = [cpuMs(run), cpuMs(run), cpuMs(run)].sort((a, b) => a - b);
  return times[1]!;
}

// The aligned form (ADR 0021) where this checkout's scoring package has it: the "before" side of
// a comparison may be a commit without it, and then the bench skips measuring it.
const { createAnswersCache, parseSubmission, scorePredictions } = scoring;
const aligned = scoring as Partial<
  Pick<typeof scoring, "alignAnswers" | "parseToAligned" | "scoreAligned" | "testSetOfAnswers">
>;
/** True when `parseToAligned` and `scoreAligned` are measured (`RushFile`'s aligned fields). */
export const MEASURES_ALIGNED =
  typeof aligned.parseToAligned === "function" &&
  typeof aligned.scoreAligned === "function" &&
  typeof aligned.alignAnswers === "function" &&
  typeof aligned.testSetOfAnswers === "function";

/**
 * Every challenge's valid variants with their single-submission scoring CPU time (measured here,
 * one at a time, median of three, as intake scores a file (ADR 0013): parse against the
 * answers, score both parts), and its invalid files. Where the aligned form exists, also
 * `parseToAligned` and `scoreAligned` apart (ADR 0021's split of that work between intake and
 * worker), each a median of three.
 */
export async function prepareFiles(db: Database, staticDir: string) {
  const getAnswers = createAnswersCache(createAnswersStore({ db }));
  const valid: RushFile[][] = [];
  const invalids: InvalidFile[] = [];
  for (const { challenge, domainName } of CHALLENGES) {
    const sample = await readFile(
      join(staticDir, challenge.domain, `sample_submission_c${challenge.number}.csv`),
      "utf8",
    );
    const answers = await getAnswers(challenge);
    if (!answers) throw new Error(`No answers for ${challenge.key}`);
    // The test set and the answers' gather are built once per challenge, as the platform does.
    const testSet = MEASURES_ALIGNED ? aligned.testSetOfAnswers!(answers) : undefined;
    const alignedAnswers = testSet ? aligned.alignAnswers!(answers, testSet) : undefined;
    const files: RushFile[] = [];
    for (let n = 0; n < VALID_PER_CHALLENGE; n += 1) {
      const csv = variant(sample, challenge, n);
      const times: number[] = [];
      for (let repeat = 0; repeat < 3; repeat += 1) {
        times.push(
          cpuMs(() => {
            const parsed = parseSubmission(csv, challenge, {
              expected: answers.table.positions,
              ...(answers.eligible ? { eligibleItems: answers.eligible } : {}),
            });
            if (!parsed.ok) {
              throw new Error(`${challenge.key} variant ${n}: ${parsed.errors.join("; ")}`);
            }
            scorePredictions(challenge, answers, parsed.table);
          }),
        );
      }
      times.sort((a, b) => a - b);
      const file: RushFile = {
        challenge,
        domainName,
        csv,
        scoringCpuMs: times[1]!,
        endToEndCpuMs: 0,
        workerCpuMs: 0,
      };
      if (testSet && alignedAnswers) {
        const parse = () => {
          const parsed = aligned.parseToAligned!(csv, challenge, testSet);
          if (!parsed.ok) {
            throw new Error(`${challenge.key} variant ${n}: ${parsed.errors.join("; ")}`);
          }
          return parsed.form;
        };
        const form = parse();
        file.parseToAlignedCpuMs = medianCpuMs(parse);
        file.scoreAlignedCpuMs = medianCpuMs(() =>
          aligned.scoreAligned!(challenge, answers, alignedAnswers, form),
        );
      }
      files.push(file);
    }
    valid.push(files);
    for (let n = 0; n < 2; n += 1) {
      invalids.push({ challenge, domainName, csv: invalid(sample, n) });
    }
  }
  return { valid, invalids };
}
