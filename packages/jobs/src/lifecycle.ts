import { SUBMISSION_STATUSES, type SubmissionStatus } from "@tandem/db";

/*
 * A submission's states and the moves between them, for every process that touches one: the
 * gateway's intake, the scoring worker, the embedded server and the reconciler.
 *
 *   queued ──claim──▶ scoring ──result──▶ scored | invalid
 *      │                 │ ▲
 *      └──give up──┬─────┘ └─ a lapsed claim taken over
 *                  ▼
 *               failed
 */
export { SUBMISSION_STATUSES, type SubmissionStatus };

/** Waiting for, or in, scoring: what the reconciler and the embedded start look for. */
export const UNFINISHED_STATUSES = ["queued", "scoring"] as const satisfies SubmissionStatus[];
export type UnfinishedStatus = (typeof UNFINISHED_STATUSES)[number];

export const TRANSITIONS: { readonly [From in SubmissionStatus]: readonly SubmissionStatus[] } = {
  queued: ["scoring", "failed"],
  scoring: ["scoring", "scored", "invalid", "failed"],
  scored: [],
  invalid: [],
  failed: [],
};

export function canTransition(from: SubmissionStatus, to: SubmissionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses a submission can reach `to` from: the guard of the update that moves it there. */
export function sourcesOf(to: SubmissionStatus): SubmissionStatus[] {
  return SUBMISSION_STATUSES.filter((from) => canTransition(from, to));
}

export function isUnfinished(status: SubmissionStatus): status is UnfinishedStatus {
  return (UNFINISHED_STATUSES as readonly SubmissionStatus[]).includes(status);
}

/** What a team reads when the platform, not its file, kept a submission from being scored. */
export const PLATFORM_FAILURE_MESSAGE =
  "Scoring failed on the platform; it will not count against you.";
