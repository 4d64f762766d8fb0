export {
  ALIGNED_HEADER_BYTES,
  type AlignedAnswers,
  type AlignedForm,
  type AlignedInput,
  type AlignedParseResult,
  alignAnswers,
  decodeAligned,
  encodeAligned,
  labelSetHash,
  MAX_UINT16_VOCABULARY,
  parseToAligned,
  rankingIndexArray,
  scoreAligned,
} from "./aligned";
export { type Answers, type AnswersOptions, parseAnswers } from "./answers";
export {
  type AnswersLookup,
  type AnswersSource,
  createAnswersCache,
  type StoredAnswers,
} from "./answers-cache";
export { describeId, idKey, parseCsvRows } from "./csv";
export { EXCERPT_CHARS, excerpt } from "./issues";
// Every export of metrics.ts is a metric (or its result type): the module is public as a whole.
export * from "./metrics";
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
  isBetter,
  type OverallRow,
  type RankingDomain,
  type RankingInputsLike,
  type RankingPart,
  type Rankings,
  type RankingTeam,
  rankingBodies,
  teamResultOn,
} from "./ranking";
export { scorePredictions, scoreWholeSet } from "./score";
export {
  prepareAnswers,
  type ScoringAnswers,
  scoreForm,
  scoreSubmissionCsv,
} from "./score-file";
export {
  computePublicRows,
  groupKeysOf,
  PRIVATE,
  PUBLIC,
  splitPosition,
  splitProblem,
} from "./split";
export { createTestSet, type TestSet, type TestSetInput, testSetOfAnswers } from "./test-set";
export {
  createTestSetCache,
  type StoredTestSetLike,
  type TestSetLookup,
  type TestSetSource,
  type VersionedTestSet,
} from "./test-set-cache";
