export {
  activeCompetition,
  allChallenges,
  challengeByKey,
  domains,
  findChallenge,
  findDomain,
  setActiveCompetition,
} from "./active";
export {
  DEFAULT_DEFINITION_FILE,
  DefinitionError,
  defaultDefinition,
  definitionToYaml,
  parseDefinitionText,
  readDefinitionFile,
} from "./definition-file";
