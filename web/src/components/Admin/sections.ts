/** The console's pages, in the order of its navigation and of the dashboard's organizer card. */
export const CONSOLE_SECTIONS = [
  { to: "/admin", label: "Overview", hint: "The competition at a glance, waiting teams first" },
  { to: "/admin/teams", label: "Teams", hint: "Activate, disqualify, limits and keys" },
  { to: "/admin/users", label: "Users", hint: "Accounts and their access" },
  { to: "/admin/organizers", label: "Organizers", hint: "Invite and manage organizers" },
  { to: "/admin/submissions", label: "Submissions", hint: "Every upload, rescore and retry" },
  { to: "/admin/competition", label: "Competition", hint: "Dates, challenges and page texts" },
  { to: "/admin/settings", label: "Settings", hint: "Pause submissions, window, limits" },
  { to: "/admin/announcements", label: "Announcements", hint: "The banner on every page" },
  { to: "/admin/audit", label: "Audit log", hint: "Every organizer action" },
] as const;
