import { TEAM_MESSAGES } from "@tandem/contracts";

/** Every team call needs a session, checked before anything is sent (docs/product.md#messages). */
export class AuthRequiredError extends Error {
  override name = "AuthRequiredError";

  constructor() {
    super(TEAM_MESSAGES.authRequired);
  }
}
