import { randomBytes } from "node:crypto";
import type { Database } from "@tandem/db";
import { hashPassword, verifyPassword } from "./lib/passwords";
import { adminGrantColumns } from "./modules/admin/organizers/invitations.repository";
import {
  grantAdminAsOperator,
  recordOperatorAdmin,
} from "./modules/admin/organizers/operator-grants";
import { createUsersRepository } from "./modules/auth/users.repository";

export interface AdminBootstrapResult {
  email: string;
  /** Set only when a password was generated here, so it can be printed once. */
  generatedPassword?: string;
  created: boolean;
  /**
   * ADMIN_EMAIL names an account someone registered whose password is not ADMIN_PASSWORD:
   * admin was not granted (whoever registers an address first must not become admin).
   */
  refused?: boolean;
  /**
   * Why it was refused: `password`, as above; `email_form`, ADMIN_EMAIL is another form of an
   * existing account's address (emailKey): no second account is made for it, and the existing
   * one is not granted anything by its key.
   */
  reason?: "password" | "email_form";
}

/**
 * Makes sure an admin exists: the configured account (created, or granted admin access when
 * ADMIN_PASSWORD is that account's own password), or, when none is configured and no admin
 * exists yet, a new one with a generated password.
 */
export async function ensureAdmin(
  db: Database,
  configured: { email?: string | undefined; password?: string | undefined },
): Promise<AdminBootstrapResult | undefined> {
  const users = createUsersRepository({ db });
  if (configured.email) {
    const existing = await users.findByEmail(configured.email);
    if (existing) {
      if (existing.adminAccess) return { email: existing.email, created: false };
      const proven =
        configured.password !== undefined &&
        (await verifyPassword(existing.passwordHash, configured.password));
      if (!proven) {
        return { email: existing.email, created: false, refused: true, reason: "password" };
      }
      await grantAdminAsOperator(db, existing, "bootstrap");
      return { email: existing.email, created: false };
    }
    if (!configured.password)
      throw new Error("ADMIN_PASSWORD is required with ADMIN_EMAIL for a new admin");
    if (!(await createAdmin(configured.email, configured.password))) {
      return { email: configured.email, created: false, refused: true, reason: "email_form" };
    }
    return { email: configured.email, created: true };
  }
  if ((await users.countAdmins()) > 0) return undefined;
  const email = "admin@tandem.local";
  const generatedPassword = randomBytes(12).toString("base64url");
  if (!(await createAdmin(email, generatedPassword))) {
    throw new Error(`Could not create the admin account ${email}: its address is taken`);
  }
  return { email, generatedPassword, created: true };

  /** False when the address (or another form of it) is taken: nothing was created. */
  async function createAdmin(email: string, password: string): Promise<boolean> {
    const created = await users.create({
      email,
      username: "admin",
      firstName: "Tandem",
      lastName: "Admin",
      passwordHash: await hashPassword(password),
      eligible: false,
      ineligibilityType: "organizer",
      ...adminGrantColumns("bootstrap"),
    });
    if (created) await recordOperatorAdmin(db, created, "bootstrap");
    return created !== undefined;
  }
}

/** The operator's explicit grant (`npm run admin:grant`), for accounts without a password. */
export async function grantAdmin(
  db: Database,
  email: string,
): Promise<{ email: string; granted: boolean }> {
  const users = createUsersRepository({ db });
  const user = await users.findByEmail(email);
  if (!user) return { email: email.trim().toLowerCase(), granted: false };
  await grantAdminAsOperator(db, user, "cli");
  return { email: user.email, granted: true };
}

/** The log line for a refused bootstrap: what happened and what the operator can do. */
/** What the server logs when ADMIN_EMAIL is refused, by `reason`. */
export const ADMIN_EMAIL_FORM_MESSAGE =
  "ADMIN_EMAIL is another form (case, +tag, Gmail dots) of an existing account's address: no admin was created. Set ADMIN_EMAIL to that account's exact address and its own password, or run `npm run admin:grant -- --email <address>`.";
export const ADMIN_REFUSED_MESSAGE =
  "ADMIN_EMAIL names an existing account whose password is not ADMIN_PASSWORD: admin access was NOT granted. Sign in as that account and check it is yours, then run `npm run admin:grant -- --email <address>`.";
