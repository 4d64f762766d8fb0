export * from "./auth";
export * from "./leaderboard";
export { LEADERBOARD_MESSAGES } from "./leaderboard-messages";
export { MESSAGES } from "./messages";
export * from "./registration-form";
export { missing } from "./required";
export * from "./submissions";
export { TEAM_MESSAGES } from "./team-messages";
export * from "./teams";
