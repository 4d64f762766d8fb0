export { createAnswersStore } from "./answers-store";
export { currentBaselineRows, loadCurrentBaselines } from "./baselines";
export { createDatabase, type Database, type DatabaseHandle, type DatabaseOptions } from "./client";
export { EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from "./embedded/lock";
export { type EmbeddedSecrets, loadOrCreateSecrets } from "./embedded/secrets";
export { type DatabaseErrorSummary, describeDatabaseError, serializeError } from "./log-errors";
export { MIGRATIONS_FOLDER, runMigrations } from "./migrate";
export { loadRankingInputs, type RankingInputs } from "./ranking-inputs";
export * from "./schema";
