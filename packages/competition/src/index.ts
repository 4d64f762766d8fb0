export {
  BINARY,
  DEFAULT_FINAL_SUBMISSIONS,
  DEFAULT_SPLIT,
  defineChallenge,
  NUMERIC,
} from "./challenge";
export { challengeHeading } from "./challenge-heading";
export { DOMAINS } from "./domains";
export {
  CONTACT_EMAIL,
  LAST_PRIZE_RANK,
  PARTICIPANT_RESOURCES,
  PRIZES,
  WEBINARS,
} from "./event";
export {
  answersHeader,
  baselineNotebookFile,
  fileColumns,
  RELEVANT_COLUMN,
  sampleSubmissionFile,
  targetColumn,
} from "./files";
export {
  ALL_CHALLENGES,
  challengeByKey,
  findChallenge,
  findDomain,
  normalizeDomainName,
} from "./lookup";
export { METRICS, type MetricId } from "./metrics";
export { SDK_PACKAGE } from "./sdk";
export * from "./site";
export { COMPETITION_WINDOW, TIMELINE } from "./timeline";
export type { Challenge, DataFile, Domain, SplitSpec, TargetSpec } from "./types";
