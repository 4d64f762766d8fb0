import {
  type DomainLeaderboard,
  domainLeaderboardSchema,
  type OverallLeaderboard,
  overallLeaderboardSchema,
  type RevealResponse,
  revealResponseSchema,
} from "@tandem/contracts";
import { api, parseResponse } from "../client";

export type {
  ChallengeColumn,
  ChallengeResult,
  DomainLeaderboard,
  DomainLeaderboardRow,
  OverallLeaderboard,
  OverallLeaderboardRow,
  RevealResponse,
  Standings,
} from "@tandem/contracts";

/** docs/product.md#timers-and-constants: leaderboards refresh every 5 minutes. */
export const LEADERBOARD_REFRESH_MS = 5 * 60 * 1000;

export const OVERALL_LEADERBOARD_KEY = "/leaderboard";

/**
 * Which standings a leaderboard request asks for: the official ones (public before the reveal,
 * final after) or the organizers' preview of the final ones (ADR 0009).
 */
export type StandingsView = "official" | "private";

const viewQuery = (view: StandingsView) => (view === "private" ? "?standings=private" : "");

/** The overall ranking's path, which is also its SWR key. */
export function overallLeaderboardKey(view: StandingsView = "official"): string {
  return `${OVERALL_LEADERBOARD_KEY}${viewQuery(view)}`;
}

/** The API accepts the slug or the display name; the name is URL-encoded either way. */
export function domainLeaderboardKey(domain: string, view: StandingsView = "official"): string {
  return `/leaderboard/domain/${encodeURIComponent(domain)}${viewQuery(view)}`;
}

/** Every leaderboard's key, official or preview, overall or per domain (to revalidate them all). */
export function isLeaderboardKey(key: unknown): boolean {
  return typeof key === "string" && key.startsWith(OVERALL_LEADERBOARD_KEY);
}

export function fetchOverallLeaderboard(key: string): Promise<OverallLeaderboard> {
  return api.getParsed(key, overallLeaderboardSchema);
}

export function fetchDomainLeaderboard(key: string): Promise<DomainLeaderboard> {
  return api.getParsed(key, domainLeaderboardSchema);
}

export const REVEAL_KEY = "/admin/competition/reveal";

/** The CSV of public rank, private rank and the change per team (organizers only). */
export const SHAKE_UP_CSV_PATH = "/api/admin/competition/shake-up.csv";

/** Whether the final standings are revealed, when and by whom (organizers only). */
export function fetchRevealStatus(): Promise<RevealResponse> {
  return api.getParsed(REVEAL_KEY, revealResponseSchema);
}

/** Reveals the final standings; answers the record (the same one again if already revealed). */
export async function revealRequest(): Promise<RevealResponse> {
  return parseResponse(revealResponseSchema, await api.post<unknown>(REVEAL_KEY), REVEAL_KEY);
}
