import type { PublicUser } from "@tandem/contracts";
import type { User } from "@tandem/db";

/**
 * The user as the web app stores it (docs/product.md#records); never the hash or profile
 * internals.
 */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    status: user.status,
    admin_access: user.adminAccess,
    email_verified: user.emailVerifiedAt !== null,
  };
}
