import { Alert, Text } from "@mantine/core";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import type { RevealResponse, Standings } from "../../api/leaderboard/requests";
import { useCompetition } from "../../competition/CompetitionContext";
import { formatUpdatedAt } from "./format";

const LOOK: Record<Standings, { title: string; color: string }> = {
  public: { title: LEADERBOARD_MESSAGES.publicStandingsTitle, color: "blue" },
  private: { title: LEADERBOARD_MESSAGES.privateStandingsTitle, color: "grape" },
  final: { title: LEADERBOARD_MESSAGES.finalStandingsTitle, color: "teal" },
};

function explanation(
  standings: Standings,
  reveal: RevealResponse | undefined,
  publicShare: string,
): string {
  if (standings === "public") return LEADERBOARD_MESSAGES.publicStandings(publicShare);
  if (standings === "private") return LEADERBOARD_MESSAGES.privateStandings;
  const revealedAt = reveal?.revealed_at;
  return LEADERBOARD_MESSAGES.finalStandings(
    revealedAt ? formatUpdatedAt(revealedAt) : null,
    reveal?.revealed_by?.username ?? null,
  );
}

interface StandingsBannerProps {
  /** What the leaderboard's answer says it ranks. */
  standings: Standings;
  /** When and by whom the final standings were revealed, when known. */
  reveal?: RevealResponse | undefined;
}

/** Which standings the leaderboard shows (ADR 0009), in words: public, private preview or final. */
export function StandingsBanner({ standings, reveal }: StandingsBannerProps) {
  const { title, color } = LOOK[standings];
  const { limits } = useCompetition().competition.definition;
  const publicShare = `${Math.round(limits.public_fraction * 100)}%`;
  return (
    <Alert role="region" color={color} variant="light" title={title}>
      <Text size="sm">{explanation(standings, reveal, publicShare)}</Text>
    </Alert>
  );
}
