/** The leaderboard messages of docs/product.md#leaderboards, quoted exactly. */
export const LEADERBOARD_MESSAGES = {
  loginRequired: "Please log in to access the leaderboard.",
  domainLoginRequired: "Please log in to access this page.",
  adminRequired: "Admin access required to view the leaderboard.",
  domainAdminRequired: "Admin access required to view this page.",
  loadFailed: "Unable to load leaderboard data. Please check if the backend is running.",
  domainLoadFailed: "Unable to load domain leaderboard.",
  noTeams: "No teams have submitted results yet.",
  noDomainSubmissions: "No submissions yet for this domain.",
  // Ours (issue 17, docs/adr/0009-public-private-split.md): which standings a leaderboard shows.
  publicStandingsTitle: "Public standings",
  publicStandings: (publicShare: string) =>
    `Scores on the public part of the test rows (about ${publicShare}), the same scores teams see after each submission. The final standings use the private rows and are revealed after the deadline.`,
  finalStandingsTitle: "Final standings",
  finalStandings: (revealedOn: string | null, revealedBy: string | null) =>
    `${revealedOn ? `Revealed on ${revealedOn}${revealedBy ? ` by ${revealedBy}` : ""}: s` : "S"}cores on the private rows, from each team's final submissions.`,
  privateStandingsTitle: "Private preview (only organizers see this)",
  privateStandings:
    "The final standings as they would be now: scores on the private rows, from each team's final submissions, beside each team's public rank and the change. Teams see the public standings until you reveal.",
  standingsSwitch: "Standings shown",
  standingsSwitchPublic: "Public",
  standingsSwitchPrivate: "Private preview",
  revealAction: "Reveal final standings",
  revealTitle: "Reveal the final standings?",
  revealExplanation:
    "Every leaderboard, each team's dashboard and the SDK will show scores on the private rows, marked as final. This cannot be undone.",
  revealConfirm: "Reveal",
  revealDone: "Final standings revealed",
  revealDoneMessage: "The leaderboards now show the final standings.",
  revealFailed: "Failed to reveal the final standings. Please try again.",
  shakeUpDownload: "Download shake-up (CSV)",
  publicRankColumn: "Public Rank",
  rankChangeColumn: "Change",
  rankUp: (places: number) => `up ${places}`,
  rankDown: (places: number) => `down ${places}`,
  rankSame: "no change",
  notRankedPublicly: "not ranked in the public standings",
  // Ours (issue 33): leaderboards open to participants or everyone (`leaderboard_visibility`).
  teamRequiredTitle: "For team members",
  teamRequired:
    "The leaderboards are open to members of a team. Create or join one on your dashboard to see where you stand.",
  teamRequiredAction: "Go to your dashboard",
  yourTeam: "Your team",
  publicRank: (rank: number) => `Public rank: ${rank}`,
  remainingToday: (left: number) =>
    left === 1
      ? "1 submission left today for this challenge."
      : `${left} submissions left today for this challenge.`,
  rankOnLeaderboard: "See where your team stands on the leaderboard",
} as const;
