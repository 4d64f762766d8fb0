import { EMAIL_VERIFICATION_MESSAGES } from "@tandem/contracts";
import type { User } from "@tandem/db";
import { forbidden } from "../../lib/http-error";

/**
 * Creating or joining a team (the dashboard's and the SDK's register) while the organizers
 * require a verified address (settings' `require_verified_email`, issue 31): refused with a
 * coded 403 that the dashboard answers with its verify button.
 */
export function assertMayFormTeam(
  user: Pick<User, "emailVerifiedAt">,
  requireVerifiedEmail: boolean,
): void {
  if (requireVerifiedEmail && !user.emailVerifiedAt)
    throw forbidden("team.email_unverified", EMAIL_VERIFICATION_MESSAGES.required);
}
