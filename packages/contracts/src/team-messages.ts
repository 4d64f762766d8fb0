/**
 * The teams (docs/product.md#dashboard) and JupyterHub (docs/product.md#jupyterhub) messages,
 * quoted exactly.
 */
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
  // Ours (issue 17, docs/adr/0009-public-private-split.md): choosing final submissions.
  finalTitle: "Final submissions",
  finalIntro:
    "Choose which of your scored submissions count for the final ranking. Your result on a challenge is the best private score among its final submissions.",
  finalNoneMarked: (limit: number | null) =>
    `With none marked for a challenge, your best ${limit ?? "ones"} by public score ${limit === 1 ? "is" : "are"} used. Selection closes at the deadline.`,
  finalMarkedCount: (marked: number, limit: number) => `${marked} of ${limit} marked`,
  finalColumn: "Final",
  finalMarkLabel: (time: string, challenge: string) =>
    `Mark submission of ${time} as final for ${challenge}`,
  finalEmpty:
    "No scored submissions yet: submit from Python with the SDK, then choose your final ones here.",
  finalLoadFailed: "Failed to load your submissions",
  finalLimitTitle: "Too many final submissions",
  finalClosedTitle: "Selection closed",
  finalClosed: "The competition window has closed: final submissions can no longer be changed.",
  finalChangeFailed: "Failed to change the final selection. Please try again.",
  publicScore: "public score",
  finalScore: "final score",
} as const;

/**
 * Ours (issue 33): the final-pick card's list, each pick with its note and short id. Apart from
 * TEAM_MESSAGES, which the landing page's chunks carry, so a visitor does not download them.
 */
export const FINAL_CARD_MESSAGES = {
  submissionColumn: "Submission",
  shortId: (shortId: string) => `ID ${shortId}`,
  noNote: "No note",
  showing: (shown: number, eligible: number, best: number, newest: number) =>
    `${shown} of ${eligible} scored submissions listed: the ${best} best by public score, the ${newest} newest and any marked.`,
  markOther:
    "To mark another, open it from your submission history (its time links to its page) and switch it on there.",
} as const;

/**
 * Ours (issue 33): asking the organizers to activate the team, and the notices that follow.
 * Apart from TEAM_MESSAGES, which the landing page's chunks carry.
 */
export const ACTIVATION_MESSAGES = {
  activationAsk: "Ask for activation",
  activationAskAgain: "Ask again",
  activationMessageLabel: "Message to the organizers (optional)",
  activationRequestFailed: "Failed to request activation. Please try again.",
  activationWaitingTitle: "Activation requested",
  activationDeclinedTitle: "Activation request declined",
  activationDeclinedWhatToDo:
    "What to do: sort out what the reason asks for, then ask again. Contact the organizers with any questions.",
  activatedTitle: "Your team is active",
  activatedNotice:
    "An organizer activated your team: its competition timer has started and submissions are enabled.",
} as const;

/** The gateway's answers to `POST /api/teams/request-activation` (the web shows them as sent). */
export const ACTIVATION_ANSWERS = {
  requested:
    "Activation requested. An organizer will answer on your dashboard, and your team gets an e-mail when it happens.",
  alreadyActive: "Your team is already active: it can submit without asking.",
  disqualified:
    "Your team is disqualified, so it cannot be activated. Contact the organizers with any questions.",
  /** `requestedAt` as "2026-11-28 09:15" (UTC). */
  pending: (requestedAt: string) =>
    `Your team already asked for activation on ${requestedAt} UTC. An organizer will answer on your dashboard and by e-mail.`,
} as const;
