import type { PublicUser } from "@tandem/contracts";

/** The signed-in account as the server describes it (`/api/verify-token`, sign-in answers). */
export type User = PublicUser;

export function sameUser(a: User, b: User): boolean {
  return (
    a.id === b.id &&
    a.username === b.username &&
    a.email === b.email &&
    a.status === b.status &&
    a.admin_access === b.admin_access &&
    a.email_verified === b.email_verified
  );
}
