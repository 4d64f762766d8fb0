export { measureBaselines } from "./baselines/measure";
export { findBaselinePython } from "./baselines/notebooks";
export { BundleDefinitionError, checkBundle } from "./bundle/check-bundle";
export { type ExportedBundle, exportCompetition } from "./bundle/export-bundle";
export {
  BundleRefusedError,
  IMPORT_ACTOR,
  type ImportedBundle,
  importCompetition,
} from "./bundle/import-bundle";
export {
  DEFINITION_FILE,
  DOMAINS_DIR,
  PRIVATE_MARKER_FILE,
} from "./bundle/layout";
export {
  type DatasetState,
  datasetStates,
  fitOf,
  GENERATORS,
  generatableDomains,
  generateAll,
  generateDatasets,
  generateDomain,
} from "./generate";
export { ImportRefusedError, importDomain, planDomainImport } from "./import/import-domain";
export { formatProblem } from "./import/validate";
export { newSecretSeed, requireSecretSeed, SeedError } from "./seed";
export { exportDomain } from "./store/export";
export { servedFolderPath } from "./store/load";
export { fillMissingSplits } from "./store/split";
export { fillTestSets } from "./store/test-sets";
export type { DomainFiles } from "./types";
