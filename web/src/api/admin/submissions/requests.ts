import { saveDownload } from "../../lib/download";

export const SUBMISSIONS_PATH = "/admin/submissions";

export const adminSubmissionKey = (id: string) => `${SUBMISSIONS_PATH}/${encodeURIComponent(id)}`;

/** Saves the CSV a team sent (`GET /api/admin/submissions/{id}/file`). */
export function downloadAdminSubmissionFile(id: string): Promise<string> {
  return saveDownload(`${adminSubmissionKey(id)}/file`, `submission-${id}.csv`);
}
