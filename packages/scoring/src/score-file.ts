import type { Challenge } from "@tandem/competition";
import {
  type AlignedAnswers,
  type AlignedForm,
  alignAnswers,
  parseToAligned,
  scoreAligned,
} from "./aligned";
import type { Answers } from "./answers";
import type { PartScores } from "./metrics";
import { type TestSet, testSetOfAnswers } from "./test-set";

/** Answers made ready to score aligned forms: their public test set and the gather into their order. */
export interface ScoringAnswers {
  answers: Answers;
  testSet: TestSet;
  aligned: AlignedAnswers;
}

// Sorting a test set's ids costs most of a second at a million rows: once per loaded answers.
const prepared = new WeakMap<Answers, ScoringAnswers>();

export function prepareAnswers(answers: Answers): ScoringAnswers {
  let ready = prepared.get(answers);
  if (!ready) {
    const testSet = testSetOfAnswers(answers);
    ready = { answers, testSet, aligned: alignAnswers(answers, testSet) };
    prepared.set(answers, ready);
  }
  return ready;
}

/**
 * The one way a file is scored (docs/adr/0021-workers-score.md): parsed and validated against the
 * public test set into its aligned form (`parseToAligned`, what intake does), then scored on both
 * parts against the answers (`scoreAligned`, what a worker does). Import checks, baselines,
 * benches and the worker's fallback for rows without a usable form all go through here.
 */
export function scoreSubmissionCsv(
  challenge: Challenge,
  answers: Answers,
  csv: string,
): { ok: true; value: PartScores } | { ok: false; errors: string[] } {
  const ready = prepareAnswers(answers);
  const parsed = parseToAligned(csv, challenge, ready.testSet);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  return { ok: true, value: scoreAligned(challenge, answers, ready.aligned, parsed.form) };
}

/** Scores a stored aligned form against prepared answers (the worker's fast path). */
export function scoreForm(
  challenge: Challenge,
  ready: ScoringAnswers,
  form: Uint8Array | AlignedForm,
): PartScores {
  return scoreAligned(challenge, ready.answers, ready.aligned, form);
}
