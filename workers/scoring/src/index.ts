export {
  createRankingProcessor,
  createSubmissionProcessor,
  type ProcessOutcome,
  type SubmissionProcessor,
} from "./process-submission";
export { reconcileStuckSubmissions } from "./reconciler";
export { createScoringWorker, type ScoringWorkerOptions } from "./worker";
