export { createAnswersStore, type StoredChallengeAnswers } from "./answers-store";
export { currentBaselineRows, loadCurrentBaselineParts, loadCurrentBaselines } from "./baselines";
export { challengesWithAnswers, challengesWithSubmissions } from "./challenge-usage";
export {
  createDatabase,
  type Database,
  type DatabaseHandle,
  type DatabaseOptions,
  type Transaction,
} from "./client";
export {
  type CompetitionVersionSummary,
  type CompetitionVersions,
  createCompetitionVersions,
} from "./competition-versions";
export { EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from "./embedded/lock";
export { type EmbeddedSecrets, loadOrCreateSecrets } from "./embedded/secrets";
export { type DatabaseErrorSummary, describeDatabaseError, serializeError } from "./log-errors";
export { MIGRATIONS_FOLDER, runMigrations } from "./migrate";
export {
  loadRankingInputs,
  type RankingInputs,
  rankedResultColumns,
  rankedSubmission,
} from "./ranking-inputs";
export {
  loadRankingSummary,
  type RankingChallengeSpec,
  type RankingSummary,
  type RankingSummaryResult,
} from "./ranking-summary";
export { createRevealsRepository, type RevealRecord, type RevealsRepository } from "./reveals";
export {
  DATABASE_ROLES,
  type DatabaseRole,
  ensureRoles,
  grantStatements,
  setRoleLogin,
  TABLE_GRANTS,
} from "./roles";
export * from "./schema";
export { DEFAULT_DATA_DIR, dataDirOf, logLevelOf, roleLoginsOf, toolSettingsOf } from "./settings";
export {
  type SubmissionFile,
  type SubmissionRecord,
  submissionFileColumns,
  submissionRecordColumns,
} from "./submission-record";
export {
  createTestSetStore,
  decodeTestSetIds,
  encodeTestSetIds,
  type StoredTestSet,
} from "./test-set-store";
