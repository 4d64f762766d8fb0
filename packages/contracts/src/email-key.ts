const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The form in which two e-mail addresses count as the same person's ("one person, one team",
 * issue 30): trimmed and lower-cased, without a `+tag` in the local part, and for Gmail without
 * the dots in the local part and with googlemail.com read as gmail.com. Why each:
 * - case: the local part is case-sensitive by the RFC, but no provider people sign up with
 *   treats `Ada@` and `ada@` as two mailboxes;
 * - `+tag`: sub-addressing delivers `name+anything@` to `name@`'s mailbox at Gmail, Outlook,
 *   iCloud, Proton, Fastmail and most university servers, so it makes a second account for free;
 * - Gmail ignores dots in the local part, and googlemail.com is the same service's old name.
 * Nothing else (Yahoo's `-` aliases, other providers' dots): those are separate addresses.
 *
 * The key only refuses a second account. It must never find an account to sign in to or to
 * link a GitHub identity to: at most domains `a+b@x` is someone else's mailbox, and matching it
 * would hand them the account. It is exactly the rule of migration 0012's backfill; an address
 * without `@` (never accepted by the sign-up schemas) is its own key.
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  const plus = address.indexOf("+");
  const local = address.slice(0, plus >= 0 && plus < at ? plus : at);
  if (GMAIL_DOMAINS.has(domain)) return `${local.replaceAll(".", "")}@gmail.com`;
  return `${local}@${domain}`;
}

/**
 * The login page's message when a GitHub sign-in would make a second account for an address
 * whose key is taken (`/login?error=github_email_taken`): nothing was created or linked.
 */
export const GITHUB_EMAIL_TAKEN_MESSAGE =
  "An account already exists for this e-mail address in another form (a +tag, capitals, or dots in a Gmail address), so GitHub sign-in did not create a second one. Sign in to that account with its e-mail and password.";
