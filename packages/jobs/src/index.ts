export {
  type Admission,
  type AdmissionLimit,
  type AdmittedValues,
  admitSubmission,
} from "./admit-submission";
export {
  type CompetitionSnapshot,
  type CompetitionSource,
  createCompetitionSource,
  type WindowOverride,
  withSnapshotOverrides,
} from "./competition-source";
export {
  assignFeedback,
  assignFeedbackIn,
  type FeedbackChallenge,
  type FeedbackTarget,
  replayFeedback,
  sameFeedback,
} from "./feedback-store";
export { type InvalidatedSubmission, invalidateSubmission } from "./invalidate";
export {
  canTransition,
  isUnfinished,
  PLATFORM_FAILURE_MESSAGE,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
  sourcesOf,
  TRANSITIONS,
  UNFINISHED_STATUSES,
  type UnfinishedStatus,
} from "./lifecycle";
export {
  createLogger,
  LOG_CENSOR,
  logSerializers,
  REDACTED_PATHS,
  redactUrl,
  withLogSafety,
} from "./log-safety";
export { type MetricsServer, type ScrapeableRegistry, serveMetrics } from "./metrics-server";
export {
  enqueueScoringJob,
  SCORING_JOB_NAME,
  SCORING_QUEUE,
  type ScoringJob,
  type ScoringJobOptions,
  type ScoringQueue,
  scoringJobId,
  scoringJobOptions,
  scoringJobSchema,
} from "./queue";
export {
  createMemoryStore,
  createRankingsCache,
  createRedisStore,
  type KeyValueStore,
  type RankingBodies,
  type RankingsCache,
} from "./rankings-cache";
export { DEFAULT_REFRESH_LEASE_MS } from "./rankings-coalescer";
export {
  createMemoryRefreshCoordination,
  createRedisRefreshCoordination,
  type LockAttempt,
  type RefreshCoordination,
  type RoundEnd,
  refreshKeys,
} from "./rankings-coordination";
export {
  createRankingsFreshness,
  type RankingsFreshness,
  type RankingsFreshnessMode,
  type RankingsFreshnessOptions,
} from "./rankings-freshness";
export {
  loadRefreshInputs,
  previewRankings,
  rankingChallenges,
  rankingDomains,
} from "./rankings-refresh";
export {
  type FinishedJobRemover,
  RESCORABLE_STATUSES,
  type ReopenedSubmission,
  type RescorableStatus,
  removeFinishedScoringJob,
  reopenForRescoring,
} from "./rescore";
export {
  isLastAttempt,
  type RetryPolicy,
  retryDelayMs,
  SCORING_RETRY_POLICY,
} from "./retry-policy";
export {
  type ClaimedSubmission,
  claimSubmission,
  DEFAULT_CLAIM_LEASE_MS,
  finishSubmission,
  loadSubmissionFile,
  markSubmissionFailed,
  releaseClaim,
  reopenUnfinishedSubmissions,
  type ScoringResult,
  stuckSubmissionPages,
} from "./submission-store";
