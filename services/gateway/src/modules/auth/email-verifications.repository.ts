import { EMAIL_VERIFICATION_RULES } from "@tandem/contracts";
import { type Database, emailVerifications, type User, users } from "@tandem/db";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { EMAIL_VERIFICATION_TOKENS } from "./single-use-tokens";

const HOUR_MS = 60 * 60 * 1000;
export const VERIFICATION_LINK_LIFETIME_MS = EMAIL_VERIFICATION_RULES.lifetimeHours * HOUR_MS;

export function createEmailVerificationsRepository({ db }: { db: Database }) {
  return {
    /**
     * Stores a link's hash for the user's current address, unless they already asked for
     * `linksPerHour` in the last hour: then answers how long until the oldest of those leaves the
     * hour. The count and the insert share a lock on the user's row, so concurrent requests
     * cannot both take the last place.
     */
    async create(
      user: Pick<User, "id" | "email">,
      tokenHash: string,
      now = new Date(),
    ): Promise<{ created: true } | { created: false; retryAfterMs: number }> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
        const recent = await tx
          .select({ createdAt: emailVerifications.createdAt })
          .from(emailVerifications)
          .where(
            and(
              eq(emailVerifications.userId, user.id),
              gt(emailVerifications.createdAt, new Date(now.getTime() - HOUR_MS)),
            ),
          )
          .orderBy(asc(emailVerifications.createdAt));
        const oldest = recent[0];
        if (oldest && recent.length >= EMAIL_VERIFICATION_RULES.linksPerHour) {
          return {
            created: false as const,
            retryAfterMs: Math.max(1000, oldest.createdAt.getTime() + HOUR_MS - now.getTime()),
          };
        }
        await tx.insert(emailVerifications).values({
          userId: user.id,
          email: user.email,
          tokenHash,
          createdAt: now,
          expiresAt: new Date(now.getTime() + VERIFICATION_LINK_LIFETIME_MS),
        });
        return { created: true as const };
      });
    },

    /** The user of a link that exists, is unused and has not expired. */
    holder: (tokenHash: string, now = new Date()) =>
      EMAIL_VERIFICATION_TOKENS.holder(db, tokenHash, now),

    /**
     * Spends the link and marks the address it was sent to verified, in one transaction; the
     * user's other outstanding links are spent too. Undefined for an unknown, used or expired
     * link, or one sent to an address the account no longer has.
     */
    async confirm(tokenHash: string, now = new Date()): Promise<User | undefined> {
      return db.transaction(async (tx) => {
        const userId = await EMAIL_VERIFICATION_TOKENS.spend(tx, tokenHash, now);
        if (!userId) return undefined;
        const [link] = await tx
          .select({ email: emailVerifications.email })
          .from(emailVerifications)
          .where(eq(emailVerifications.tokenHash, tokenHash));
        const [verified] = await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
          .where(
            and(eq(users.id, userId), sql`lower(${users.email}) = lower(${link?.email ?? ""})`),
          )
          .returning();
        await EMAIL_VERIFICATION_TOKENS.spendAllOf(tx, userId, now);
        return verified;
      });
    },
  };
}
export type EmailVerificationsRepository = ReturnType<typeof createEmailVerificationsRepository>;
