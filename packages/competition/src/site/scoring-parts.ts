import { percent, submissionsWord } from "../definition/build";
import type { Challenge } from "../types";

/** One challenge's split and final selection, for its card on the domain page (ADR 0009). */
export function scoringPartsOf(challenge: Pick<Challenge, "split" | "finalSubmissions">): string {
  const { publicFraction, groupBy } = challenge.split;
  const by = groupBy ? ` (split by ${groupBy}, so each ${groupBy} is in one part)` : "";
  return `Scores shown during the competition use ${percent(publicFraction)} of the hidden test rows${by}; the final ranking uses the other ${percent(1 - publicFraction)}, revealed after the deadline. Mark up to ${submissionsWord(challenge.finalSubmissions)} as final.`;
}
