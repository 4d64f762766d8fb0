/** SPEC.md §8 "Teams" and "JupyterHub" messages, quoted exactly. */
export const TEAM_MESSAGES = {
  authRequired: "Authentication required",
  loadTeamsFailed: "Failed to load teams. Please try again later.",
  loadDashboardFailed: "Failed to load dashboard data",
  leaveFailedRetry: "Failed to leave team. Please try again later.",
  leaveFailed: "Failed to leave team",
  activateFailed: "Failed to activate team. Please try again later.",
  createFailed: "Failed to create team",
  createError: (reason: string) => `Error creating team: ${reason}`,
  joinFailed: "Failed to join team",
  joinError: (reason: string) => `Error joining team: ${reason}`,
  /** Ours: the join form asks for the invite code (docs/adr/0006-team-membership.md). */
  inviteCodeRequired: "Invite code is required",
  jupyterAdminRequired:
    "Admin access required to launch JupyterHub. Please contact support if you need access.",
  jupyterInvalidResponse: "Invalid response from authentication server",
  jupyterNoTeam:
    "You must be part of a team to access JupyterHub. Please create or join a team first.",
  jupyterInactive: "Your account is not active. Please contact support.",
  jupyterFailed: "Failed to launch JupyterHub. Please try again.",
} as const;
