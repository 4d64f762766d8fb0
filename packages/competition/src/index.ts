export { challengeHeading } from "./challenge-heading";
export {
  buildCompetition,
  type Competition,
  type CompetitionStatus,
  mainPhaseOf,
  normalizeDomainName,
  type Phase,
  type PhaseState,
  withMainWindow,
} from "./definition/build";
export { canonicalJson, sameJson } from "./definition/canonical";
export {
  type Change,
  type ChangeContext,
  type ChangeReview,
  type Refusal,
  type RefusalCode,
  reviewChange,
} from "./definition/changes";
export { definitionJsonSchema } from "./definition/json-schema";
export {
  type ChallengeDefinition,
  type CompetitionDefinition,
  DEFAULT_FEEDBACK,
  DEFAULT_LEADERBOARD_VISIBILITY,
  type DefinitionInput,
  type DomainDefinition,
  definitionSchema,
  type FeedbackPolicy,
  feedbackSchema,
  LEADERBOARD_VISIBILITIES,
  type LeaderboardVisibility,
  leaderboardVisibilitySchema,
  type PhaseDefinition,
} from "./definition/schema";
export type {
  AudienceSlide,
  HeroSlide,
  SiteImage,
  SiteLink,
  SiteTexts,
  SocialLink,
  Supporter,
  TextSection,
} from "./definition/site-schema";
export {
  type DefinitionCheck,
  type DefinitionIssue,
  validateDefinition,
} from "./definition/validate";
export {
  type AdminCompetition,
  adminCompetitionSchema,
  type CompetitionChange,
  type CompetitionStatusView,
  competitionChangeSchema,
  competitionStatusSchema,
  competitionUpdateResponseSchema,
  competitionUpdateSchema,
  competitionVersionsSchema,
  PHASE_STATES,
  type PublicCompetition,
  publicCompetitionSchema,
} from "./definition/wire";
export {
  beatsBy,
  betterShown,
  describeFeedback,
  feedbackFor,
  feedbackLabel,
  feedbackStep,
  type LadderState,
  replayFeedback,
  roundTo,
  type ShownFeedback,
} from "./feedback";
export {
  answersHeader,
  baselineNotebookFile,
  domainFilesUrl,
  fileColumns,
  RELEVANT_COLUMN,
  sampleSubmissionFile,
  targetColumn,
} from "./files";
export { METRICS, type MetricId } from "./metrics";
export { SDK_PACKAGE } from "./sdk";
export { scoringPartsOf } from "./site/scoring-parts";
export { sdkSnippet } from "./site/sdk-snippet";
export { SITE_TIMERS } from "./site/timing";
export type { Challenge, DataFile, Domain, SplitSpec, TargetSpec } from "./types";
