import { MESSAGES } from "@tandem/contracts";
import type { User } from "@tandem/db";
import { forbidden } from "../../lib/http-error";
import { ACCOUNT_DISABLED } from "../../plugins/auth";

/** The answer `issueSession` (plugins/auth.ts) gives a disabled account at login. */
const ACCOUNT_DISABLED_MESSAGE = MESSAGES.accountDisabled;

export const isDisabled = (user: Pick<User, "status">): boolean => user.status === ACCOUNT_DISABLED;

/**
 * Throws the login route's 403 for an account the organizers disabled. Every path that acts
 * for a user without issuing a session (the SDK's register, a reset, GitHub linking) calls it
 * (issue 31): a password or token proves who someone is, not that they may still act.
 */
export function assertAccountEnabled(user: Pick<User, "status">): void {
  if (isDisabled(user)) throw forbidden("auth.account_disabled", ACCOUNT_DISABLED_MESSAGE);
}
