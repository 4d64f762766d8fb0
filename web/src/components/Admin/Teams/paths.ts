/** The console's pages of one team and one submission. */
export const teamPath = (id: string) => `/admin/teams/${encodeURIComponent(id)}`;
export const adminSubmissionPath = (id: string) => `/admin/submissions/${encodeURIComponent(id)}`;
