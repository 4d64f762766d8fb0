import type { Competition, CompetitionStatusView } from "@tandem/competition";
import { createContext, useContext } from "react";

export interface ActiveCompetition {
  /** The active definition, resolved (domains, challenges, dates, every page's copy). */
  competition: Competition;
  /** Where the competition stands, as the server saw it when it answered. */
  status: CompetitionStatusView;
  /** The definition version in force; 0: the default edition. */
  version: number;
}

export const CompetitionContext = createContext<ActiveCompetition | null>(null);

/** The competition in force; only under CompetitionProvider. */
export function useCompetition(): ActiveCompetition {
  const value = useContext(CompetitionContext);
  if (!value) throw new Error("useCompetition needs a CompetitionProvider above it");
  return value;
}
