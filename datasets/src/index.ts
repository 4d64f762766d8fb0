export { measureBaselines } from "./baselines/measure";
export { findBaselinePython } from "./baselines/notebooks";
export {
  type DatasetState,
  datasetStates,
  GENERATORS,
  generateAll,
  generateDatasets,
  generateDomain,
} from "./generate";
export { ImportRefusedError, importDomain } from "./import/import-domain";
export { newSecretSeed, requireSecretSeed, SeedError } from "./seed";
export { exportDomain } from "./store/export";
export { servedFolderPath } from "./store/load";
export { fillMissingSplits } from "./store/split";
export type { DomainFiles } from "./types";
