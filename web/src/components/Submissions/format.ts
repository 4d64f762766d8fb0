import type { Competition } from "@tandem/competition";
import {
  type FeedbackView,
  type ScoreKind,
  type SubmittedBy,
  TEAM_MESSAGES,
} from "@tandem/contracts";
import { SUBMISSION_MESSAGES } from "./messages";

export { formatSubmittedAt } from "../Dashboard/finalSelection";
export { formatScore } from "../Dashboard/format";

/** "public score" or "final score", as the final-selection card and the leaderboards say it. */
export function scoreKindLabel(kind: ScoreKind): string {
  return kind === "final" ? TEAM_MESSAGES.finalScore : TEAM_MESSAGES.publicScore;
}

/** How the challenge shows scores, in one line; null when they are shown exactly. */
export function feedbackRule(feedback: FeedbackView): string | null {
  if (feedback.policy === "ladder" && feedback.threshold !== null) {
    return SUBMISSION_MESSAGES.feedbackLadder(feedback.digits, feedback.threshold);
  }
  if (feedback.policy !== "exact" && feedback.digits !== null) {
    return SUBMISSION_MESSAGES.feedbackRounded(feedback.digits);
  }
  return null;
}

/** Under the ladder, the score shown is the team's best so far, not the submission's own. */
export function isBestSoFar(feedback: FeedbackView): boolean {
  return feedback.significant_improvement === false;
}

/** "C1: {challenge title}", or "C1" for a challenge the competition in force does not have. */
export function challengeTitle(competition: Competition, key: string, number: number): string {
  const challenge = competition.challengeByKey(key);
  return challenge ? `C${number}: ${challenge.title}` : `C${number}`;
}

/** "{domain name} C1: {challenge title}", for text read out of its table or section. */
export function challengeFullName(
  competition: Competition,
  domain: string,
  key: string,
  number: number,
): string {
  return `${domain} ${challengeTitle(competition, key, number)}`;
}

/** Who sent a submission: the member's username, or the team's API key (SDK, scripts). */
export function submitterLabel(by: SubmittedBy): string {
  if (by.kind === "api_key") return SUBMISSION_MESSAGES.apiKey;
  return by.username ?? SUBMISSION_MESSAGES.formerMember;
}

const localTime = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });
const utcTime = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** "resets 7:00 PM (00:00 UTC)": when today's count returns to 0, in the reader's time and UTC. */
export function formatResetTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return `resets ${iso}`;
  return SUBMISSION_MESSAGES.resets(localTime.format(date), utcTime.format(date));
}
