export * from "./admin";
export * from "./admin-console";
export * from "./admin-invitations";
export * from "./admin-settings";
export * from "./admin-stats";
export * from "./admin-submissions";
export * from "./audit-actions";
export * from "./auth";
export * from "./common";
export * from "./competition";
export * from "./config";
export { emailKey, GITHUB_EMAIL_TAKEN_MESSAGE } from "./email-key";
export * from "./email-verification";
export * from "./error-codes";
export * from "./health";
export * from "./jupyter";
export * from "./leaderboard";
export { LEADERBOARD_MESSAGES } from "./leaderboard-messages";
export { MESSAGES } from "./messages";
export * from "./password-reset";
export * from "./registration-form";
export { missing } from "./required";
export * from "./rules";
export * from "./sdk-auth";
export * from "./status";
export * from "./submissions";
export {
  ACTIVATION_ANSWERS,
  ACTIVATION_MESSAGES,
  FINAL_CARD_MESSAGES,
  TEAM_MESSAGES,
} from "./team-messages";
export * from "./teams";
