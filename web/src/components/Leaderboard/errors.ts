import { ApiError, hasErrorCode } from "../../api/client";

/**
 * docs/product.md#leaderboards: a refusal shows the admin message, whatever the signed-in user
 * was thought to be.
 */
export function isForbidden(error: unknown): boolean {
  return hasErrorCode(error, "auth.admin_required");
}

/** Refused for want of a team, where the leaderboards are open to team members (issue 33). */
export function isTeamRequired(error: unknown): boolean {
  return hasErrorCode(error, "team.not_member");
}

/** The server's explanation for a client error (an unknown domain), else nothing. */
export function serverDetail(error: unknown): string | null {
  return error instanceof ApiError && error.status < 500 ? error.serverError : null;
}
