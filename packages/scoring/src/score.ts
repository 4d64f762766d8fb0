import type { Challenge } from "@tandem/competition";
import type { Answers } from "./answers";
import {
  macroF1Codes,
  macroF1CodesByPart,
  mae,
  maeByPart,
  mse,
  mseByPart,
  ndcgAtK,
  ndcgAtKByPart,
  normalizedGini,
  normalizedGiniByPart,
  type PartScores,
  rmse,
  rmseByPart,
} from "./metrics";
import type { PredictionTable } from "./parse-submission";

/**
 * Scores a validated submission on the public and the private rows of the answers, in one pass
 * (docs/adr/0009-public-private-split.md). The submission must have been parsed with
 * `expected: answers.table.positions`, which puts its rows in the answers' order and guarantees
 * it holds exactly the answer ids.
 */
export function scorePredictions(
  challenge: Challenge,
  answers: Answers,
  submitted: PredictionTable,
): PartScores {
  checkParsedAgainst(challenge, answers, submitted);
  const isPublic = answers.isPublic;
  if (!isPublic) {
    throw new Error(
      `The answers of ${challenge.key} have no public/private split: they were stored before it ` +
        "and no secret seed was at hand to derive it (npm run data:generate fills it in)",
    );
  }
  const truth = answers.table.predictions;
  const predicted = submitted.predictions;
  switch (challenge.metric) {
    case "macro_f1": {
      if (truth.kind !== "label" || predicted.kind !== "label") break;
      return macroF1CodesByPart(truth.values, predicted.values, truth.labels.length, isPublic);
    }
    case "rmse":
    case "mse":
    case "mae":
    case "gini": {
      if (truth.kind !== "numeric" || predicted.kind !== "numeric") break;
      const metric = {
        rmse: rmseByPart,
        mse: mseByPart,
        mae: maeByPart,
        gini: normalizedGiniByPart,
      }[challenge.metric];
      return metric(truth.values, predicted.values, isPublic);
    }
    case "ndcg10": {
      if (!answers.relevant || predicted.kind !== "ranking") break;
      return ndcgAtKByPart(answers.relevant, predicted.values, 10, isPublic);
    }
  }
  throw wrongKind(challenge);
}

/**
 * The metric on every hidden row, as scores were before the split. Only for judging generated
 * data as a whole (the datasets' quality checks) and as the reference of the scoring bench:
 * teams' and baselines' scores come from `scorePredictions`.
 */
export function scoreWholeSet(
  challenge: Challenge,
  answers: Answers,
  submitted: PredictionTable,
): number {
  checkParsedAgainst(challenge, answers, submitted);
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
  throw wrongKind(challenge);
}

function checkParsedAgainst(challenge: Challenge, answers: Answers, submitted: PredictionTable) {
  if (submitted.positions !== answers.table.positions) {
    throw new Error(
      `Submission for ${challenge.key} was not parsed against these answers (ParseOptions.expected)`,
    );
  }
}

const wrongKind = (challenge: Challenge) =>
  new Error(`Challenge ${challenge.key} has answers of the wrong kind for ${challenge.metric}`);
