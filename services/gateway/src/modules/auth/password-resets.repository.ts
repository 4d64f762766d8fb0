import { type Database, passwordResets, sessions, users } from "@tandem/db";
import { eq, sql } from "drizzle-orm";
import { PASSWORD_RESET_TOKENS } from "./single-use-tokens";

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export function createPasswordResetsRepository({ db }: { db: Database }) {
  return {
    async create(userId: string, tokenHash: string): Promise<void> {
      await db
        .insert(passwordResets)
        .values({ userId, tokenHash, expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS) });
    },

    /** The user of a token that exists, is unused and has not expired. */
    findValid: (tokenHash: string) => PASSWORD_RESET_TOKENS.holder(db, tokenHash, new Date()),

    /**
     * Uses the token and sets the password in one transaction; spending it first makes a token
     * good for exactly one reset even under concurrent requests. Other outstanding
     * tokens of the user are spent too, every session made with the old password ends, and the
     * address counts as proven (the link was opened from its mailbox).
     */
    async consume(tokenHash: string, passwordHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const userId = await PASSWORD_RESET_TOKENS.spend(tx, tokenHash, now);
        if (!userId) return false;
        await tx
          .update(users)
          .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
          .where(eq(users.id, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await PASSWORD_RESET_TOKENS.spendAllOf(tx, userId, now);
        return true;
      });
    },
  };
}
export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
