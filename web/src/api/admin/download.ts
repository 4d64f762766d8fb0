import { apiDownload } from "../client";
import { attachmentName } from "../submissions/requests";

/**
 * Saves the file at `/api{path}`, fetched with the session like every other call (no token in
 * a link); answers the name it was saved under.
 */
export async function saveDownload(path: string, fallbackName: string): Promise<string> {
  const response = await apiDownload(path);
  const name = attachmentName(response.headers.get("Content-Disposition")) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Some browsers read the blob after the click returns.
    setTimeout(() => URL.revokeObjectURL(url), 40_000);
  }
  return name;
}

export const EXPORTS = [
  { file: "standings.csv", label: "Standings", description: "Overall and per-domain ranks" },
  { file: "teams.csv", label: "Teams", description: "One row per member of every team" },
  { file: "submissions.csv", label: "Submissions", description: "Every submission, no files" },
] as const;

export const exportPath = (file: string) => `/admin/exports/${file}`;
