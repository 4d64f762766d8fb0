import type { Challenge } from "@tandem/competition";
import type { Answers } from "./answers";
import { macroF1Codes, mae, mse, ndcgAtK, normalizedGini, rmse } from "./metrics";
import { type PredictionTable, parseSubmission } from "./parse-submission";

/**
 * Scores a validated submission against the answers. The submission must have been parsed
 * with `expected: answers.table.positions`, which puts its rows in the answers' order and
 * guarantees it holds exactly the answer ids.
 */
export function scorePredictions(
  challenge: Challenge,
  answers: Answers,
  submitted: PredictionTable,
): number {
  if (submitted.positions !== answers.table.positions) {
    throw new Error(
      `Submission for ${challenge.key} was not parsed against these answers (ParseOptions.expected)`,
    );
  }
  const truth = answers.table.predictions;
  const predicted = submitted.predictions;
  switch (challenge.metric) {
    case "macro_f1": {
      if (truth.kind !== "label" || predicted.kind !== "label") break;
      return macroF1Codes(truth.values, predicted.values, truth.labels.length);
    }
    case "rmse":
    case "mse":
    case "mae":
    case "gini": {
      if (truth.kind !== "numeric" || predicted.kind !== "numeric") break;
      const metric = { rmse, mse, mae, gini: normalizedGini }[challenge.metric];
      return metric(truth.values, predicted.values);
    }
    case "ndcg10": {
      if (!answers.relevant || predicted.kind !== "ranking") break;
      return ndcgAtK(answers.relevant, predicted.values, 10);
    }
  }
  throw new Error(
    `Challenge ${challenge.key} has answers of the wrong kind for ${challenge.metric}`,
  );
}

/** Validates a submission CSV against the answers and scores it: what a scoring worker does. */
export function scoreSubmissionCsv(
  challenge: Challenge,
  answers: Answers,
  csv: string,
): { ok: true; value: number } | { ok: false; errors: string[] } {
  const parsed = parseSubmission(csv, challenge, {
    expected: answers.table.positions,
    ...(answers.eligible ? { eligibleItems: answers.eligible } : {}),
  });
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  return { ok: true, value: scorePredictions(challenge, answers, parsed.table) };
}
