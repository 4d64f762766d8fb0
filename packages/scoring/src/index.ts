export { type Answers, parseAnswers } from "./answers";
export { type AnswersLookup, type AnswersSource, createAnswersCache } from "./answers-cache";
export { type RankingInputsLike, rankingBodies } from "./bodies";
export { describeId, idKey, parseCsvRows } from "./csv";
export { EXCERPT_CHARS, excerpt } from "./issues";
export { macroF1, macroF1Codes, mae, mse, ndcgAtK, normalizedGini, rmse } from "./metrics";
export {
  createLabelNormalizer,
  type ParseOptions,
  type ParseResult,
  type PredictionTable,
  parseSubmission,
} from "./parse-submission";
export {
  type ChallengeColumn,
  type CountedResult,
  computeRankings,
  type DomainRow,
  type OverallRow,
  type RankingDomain,
  type Rankings,
  type RankingTeam,
} from "./ranking";
export { scorePredictions, scoreSubmissionCsv } from "./score";
