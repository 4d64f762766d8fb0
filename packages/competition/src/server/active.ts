import { buildCompetition, type Competition } from "../definition/build";
import type { Challenge, Domain } from "../types";
import { defaultDefinition } from "./definition-file";

/**
 * The competition this process serves. Server code reads it through these functions; the
 * process's competition source (`@tandem/jobs`, createCompetitionSource) replaces it when the
 * organizers' active version changes, and until then it is the default edition.
 */
let active: Competition | undefined;

export function activeCompetition(): Competition {
  active ??= buildCompetition(defaultDefinition());
  return active;
}

export function setActiveCompetition(competition: Competition): void {
  active = competition;
}

export const domains = (): readonly Domain[] => activeCompetition().domains;
export const allChallenges = (): readonly Challenge[] => activeCompetition().challenges;
export const findDomain = (name: string) => activeCompetition().findDomain(name);
export const findChallenge = (domain: string, number: number) =>
  activeCompetition().findChallenge(domain, number);
export const challengeByKey = (key: string) => activeCompetition().challengeByKey(key);
