import { authCodes, type Database, emailVerifications, passwordResets, users } from "@tandem/db";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

type TokenTable = typeof authCodes | typeof passwordResets | typeof emailVerifications;

/** A table of hashed, expiring, single-use tokens (`hash`: the column holding the hash). */
function singleUseTokens(table: TokenTable, hash: PgColumn) {
  /** The token with this hash while it is still good at `now`: never used and not expired. */
  const usable = (tokenHash: string, now: Date) =>
    and(eq(hash, tokenHash), isNull(table.usedAt), gt(table.expiresAt, now));

  return {
    usable,

    /**
     * Marks a usable token used and answers the user it was issued to (undefined when it is
     * unknown, used or expired). The update is conditional, so of concurrent requests exactly one
     * spends it.
     */
    async spend(db: Pick<Database, "update">, tokenHash: string, now: Date) {
      const [used] = await db
        .update(table)
        .set({ usedAt: now })
        .where(usable(tokenHash, now))
        .returning({ userId: table.userId });
      return used?.userId;
    },

    /** The user a token that is still good at `now` was issued to. */
    async holder(db: Pick<Database, "select">, tokenHash: string, now: Date) {
      const [row] = await db
        .select({ user: users })
        .from(table)
        .innerJoin(users, eq(users.id, table.userId))
        .where(usable(tokenHash, now));
      return row?.user;
    },

    /** Spends the user's other outstanding tokens: once one is used, the older ones are moot. */
    async spendAllOf(db: Pick<Database, "update">, userId: string, now: Date): Promise<void> {
      await db
        .update(table)
        .set({ usedAt: now })
        .where(and(eq(table.userId, userId), isNull(table.usedAt)));
    },
  };
}

export const AUTH_CODE_TOKENS = singleUseTokens(authCodes, authCodes.codeHash);
export const PASSWORD_RESET_TOKENS = singleUseTokens(passwordResets, passwordResets.tokenHash);
export const EMAIL_VERIFICATION_TOKENS = singleUseTokens(
  emailVerifications,
  emailVerifications.tokenHash,
);
