import { DEFAULT_FINAL_SUBMISSIONS, DEFAULT_SPLIT } from "../challenge";
import type { Challenge } from "../types";

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const submissionsWord = (n: number) => `${n} submission${n === 1 ? "" : "s"}`;

/**
 * How public and private scores and final submissions work (ADR 0009), in words for the Rules
 * page. The numbers are the competition's defaults; a challenge's own are on its domain page.
 */
export const SCORING_PARTS_RULES: readonly string[] = [
  `Each challenge's hidden test rows are split in two, once, before the competition starts. About ${percent(DEFAULT_SPLIT.publicFraction)} of them form the public part: the score you get back after every submission, on the dashboard and in the SDK, uses only those rows. The other ${percent(1 - DEFAULT_SPLIT.publicFraction)} form the private part, which decides the final ranking and stays hidden until the organizers reveal it. Nobody can tell which rows are public, so tuning to the public score alone does not pay; validate on your own held-out data.`,
  `Until the deadline, choose up to ${submissionsWord(DEFAULT_FINAL_SUBMISSIONS)} per challenge as your final ones, from the dashboard or with the SDK's mark_final (unmark_final undoes it). Your private result on a challenge is the best private score among your final submissions; if you choose none, your best ${submissionsWord(DEFAULT_FINAL_SUBMISSIONS)} by public score are used. Selection closes at the deadline.`,
  "At the deadline the standings freeze: later submissions are practice. Until the reveal, every leaderboard shows public standings. Once the organizers reveal the final standings, the leaderboards, your dashboard and the SDK show the private scores, marked as final.",
];

/** One challenge's split and final selection, for its card on the domain page. */
export function scoringPartsOf(challenge: Pick<Challenge, "split" | "finalSubmissions">): string {
  const { publicFraction, groupBy } = challenge.split;
  const by = groupBy ? ` (split by ${groupBy}, so each ${groupBy} is in one part)` : "";
  return `Scores shown during the competition use ${percent(publicFraction)} of the hidden test rows${by}; the final ranking uses the other ${percent(1 - publicFraction)}, revealed after the deadline. Mark up to ${submissionsWord(challenge.finalSubmissions)} as final.`;
}
