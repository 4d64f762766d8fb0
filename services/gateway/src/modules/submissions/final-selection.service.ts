import { challengeByKey } from "@tandem/competition/server";
import type { SubmissionRecord } from "@tandem/db";
import { conflict, HttpError, notFound } from "../../lib/http-error";
import type { SubmissionsRepository } from "./submissions.repository";

export interface FinalSelectionDeps {
  submissions: Pick<SubmissionsRepository, "findForTeam" | "markFinal" | "unmarkFinal">;
  competitionWindow: { closesAt: Date };
  /** The organizers' count of final submissions for every challenge; absent or null: its own. */
  finalPicks?: number | null;
  /** After the reveal the standings are final: picks are frozen with them. */
  revealed?: boolean;
  now?: () => Date;
}

/**
 * A team's choice of final submissions (docs/adr/0009-public-private-split.md): up to the
 * challenge's `finalSubmissions` (or the organizers' `finalPicks`) of its own scored, counted submissions, marked or unmarked
 * until the competition window closes. Refusals are thrown as `HttpError`s with their codes.
 */
export async function selectFinal(
  deps: FinalSelectionDeps,
  input: { teamId: string; submissionId: string; final: boolean },
): Promise<SubmissionRecord> {
  const submission = await deps.submissions.findForTeam(input.teamId, input.submissionId);
  const challenge = submission ? challengeByKey(submission.challengeKey) : undefined;
  if (!submission || !challenge) throw notFound("submission.not_found", "Submission not found");
  const limit = deps.finalPicks ?? challenge.finalSubmissions;
  const now = deps.now?.() ?? new Date();
  if (deps.revealed) {
    throw conflict(
      "submission.final_frozen",
      "The final standings are revealed: final submissions can no longer be marked or unmarked.",
    );
  }
  if (now > deps.competitionWindow.closesAt) {
    throw conflict(
      "submission.selection_closed",
      `Final submissions can no longer be changed: selection closed with the competition window at ${deps.competitionWindow.closesAt.toISOString()}.`,
    );
  }
  if (!input.final) {
    const row = await deps.submissions.unmarkFinal(input.teamId, submission.id);
    if (!row) throw notFound("submission.not_found", "Submission not found");
    return row;
  }
  if (submission.status !== "scored" || !submission.counted) {
    throw conflict(
      "submission.final_ineligible",
      submission.status !== "scored"
        ? `Only a scored submission can be marked final; this one is ${submission.status}.`
        : "Only a submission made inside the competition window can be marked final; this one is practice.",
    );
  }
  const outcome = await deps.submissions.markFinal(input.teamId, submission, limit);
  if ("limited" in outcome) {
    const marked = outcome.limited.map((row) => row.id);
    throw new HttpError(
      409,
      "submission.final_limit",
      `Your team has already marked ${marked.length} final submission${marked.length === 1 ? "" : "s"} for ${challenge.key} (at most ${limit}): ${marked.join(", ")}. Unmark one first (DELETE /api/submissions/{id}/final, or unmark_final(id) in the SDK).`,
      { challenge_key: challenge.key, limit, marked },
    );
  }
  return outcome.row;
}
