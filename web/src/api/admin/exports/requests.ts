/** The organizers' CSV exports (`GET /api/admin/exports/{file}`), saved with `saveDownload`. */
export const EXPORTS = [
  { file: "standings.csv", label: "Standings", description: "Overall and per-domain ranks" },
  { file: "teams.csv", label: "Teams", description: "One row per member of every team" },
  { file: "submissions.csv", label: "Submissions", description: "Every submission, no files" },
] as const;

export const exportPath = (file: string) => `/admin/exports/${file}`;
