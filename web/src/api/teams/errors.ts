import { TEAM_MESSAGES } from "@tandem/contracts";

/** Every team call needs a session, checked before anything is sent (docs/product.md#dashboard). */
export class AuthRequiredError extends Error {
  override name = "AuthRequiredError";

  constructor() {
    super(TEAM_MESSAGES.authRequired);
  }
}
