import {
  type DomainLeaderboard,
  domainLeaderboardSchema,
  type OverallLeaderboard,
  overallLeaderboardSchema,
} from "@tandem/contracts";
import { api } from "../client";

export type {
  ChallengeColumn,
  ChallengeResult,
  DomainLeaderboard,
  DomainLeaderboardRow,
  OverallLeaderboard,
  OverallLeaderboardRow,
} from "@tandem/contracts";

/** SPEC.md §9: leaderboards refresh every 5 minutes. */
export const LEADERBOARD_REFRESH_MS = 5 * 60 * 1000;

export const OVERALL_LEADERBOARD_KEY = "/leaderboard";

/** The API accepts the slug or the display name; the name is URL-encoded either way. */
export function domainLeaderboardKey(domain: string): string {
  return `/leaderboard/domain/${encodeURIComponent(domain)}`;
}

export function fetchOverallLeaderboard(): Promise<OverallLeaderboard> {
  return api.getParsed(OVERALL_LEADERBOARD_KEY, overallLeaderboardSchema);
}

export function fetchDomainLeaderboard(key: string): Promise<DomainLeaderboard> {
  return api.getParsed(key, domainLeaderboardSchema);
}
