import { getTableColumns } from "drizzle-orm";
import { type Submission, submissions } from "./schema";

const { predictions: _file, aligned: _form, ...recordColumns } = getTableColumns(submissions);

/**
 * A submission's columns without its stored file and aligned form, which run to megabytes:
 * what an answer about a submission needs. Selecting them instead of the whole row keeps intake
 * from reading back the file it has just stored (issue 32's rush: decoding it held the slots).
 */
export const submissionRecordColumns = recordColumns;
export type SubmissionRecord = Omit<Submission, "predictions" | "aligned">;

/** What a download of the file the team sent needs: the file (gzip) and what names it. */
export const submissionFileColumns = {
  id: submissions.id,
  challengeKey: submissions.challengeKey,
  predictions: submissions.predictions,
};
export type SubmissionFile = Pick<Submission, "id" | "challengeKey" | "predictions">;
