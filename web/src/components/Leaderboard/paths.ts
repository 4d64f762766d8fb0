/**
 * docs/product.md#routes: /leaderboard/domain/{domainName}, the display name URL-encoded; the
 * organizers' private preview carries over (`?standings=private`).
 */
export function domainLeaderboardPath(
  domainName: string,
  view: "official" | "private" = "official",
): string {
  const query = view === "private" ? "?standings=private" : "";
  return `/leaderboard/domain/${encodeURIComponent(domainName)}${query}`;
}

export const OVERALL_LEADERBOARD_PATH = "/leaderboard";

export function overallLeaderboardPath(view: "official" | "private" = "official"): string {
  return `${OVERALL_LEADERBOARD_PATH}${view === "private" ? "?standings=private" : ""}`;
}
