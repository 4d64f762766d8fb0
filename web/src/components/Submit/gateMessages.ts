import { DEFAULT_PAUSE_MESSAGE } from "@tandem/contracts";

/** What the site says about a closed submit gate: a pause, or a daily limit used up. */
export const SUBMIT_GATE_MESSAGES = {
  pausedTitle: "Submissions are paused",
  pausedFallback: DEFAULT_PAUSE_MESSAGE,
  /** Beside a disabled submit button: the page's notice carries the organizers' message. */
  pausedShort: "Paused by the organizers",
  readinessPaused: "Submissions paused",
  /** Under the readiness line: the site's banner, at the top of every page, has their message. */
  readinessPausedWhy: "By the organizers; their message is at the top of the page.",
  quotaLeft: (left: number, limit: number) =>
    `${left} of ${limit} submission${limit === 1 ? "" : "s"} left today for this challenge`,
  limitTitle: "No submissions left today for this challenge",
  limitBody: (limit: number) =>
    `${limit === 1 ? "Your team has used its one submission today" : `Your team has used all ${limit} of today's submissions`} for this challenge. Failed submissions do not count.`,
  resets: (when: string) => `The count resets ${when}.`,
  canSubmitAgain: (when: string) => `You can submit again ${when}.`,
};
