import {
  authCodes,
  type Database,
  emailVerifications,
  passwordResets,
  type User,
  users,
} from "@tandem/db";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** A table of hashed, expiring, single-use tokens, and the column holding the hash. */
export interface SingleUseTokens {
  table: typeof authCodes | typeof passwordResets | typeof emailVerifications;
  hash: PgColumn;
}

export const AUTH_CODE_TOKENS: SingleUseTokens = { table: authCodes, hash: authCodes.codeHash };
export const PASSWORD_RESET_TOKENS: SingleUseTokens = {
  table: passwordResets,
  hash: passwordResets.tokenHash,
};

export const EMAIL_VERIFICATION_TOKENS: SingleUseTokens = {
  table: emailVerifications,
  hash: emailVerifications.tokenHash,
};

/** The token with this hash while it is still good at `now`: never used and not expired. */
export function usableToken({ table, hash }: SingleUseTokens, tokenHash: string, now: Date) {
  return and(eq(hash, tokenHash), isNull(table.usedAt), gt(table.expiresAt, now));
}

/**
 * Marks a usable token used and answers the user it was issued to (undefined when it is unknown,
 * used or expired). The update is conditional, so of concurrent requests exactly one spends it.
 */
export async function spendToken(
  db: Pick<Database, "update">,
  tokens: SingleUseTokens,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [used] = await db
    .update(tokens.table)
    .set({ usedAt: now })
    .where(usableToken(tokens, tokenHash, now))
    .returning({ userId: tokens.table.userId });
  return used?.userId;
}

/** The user a token that is still good at `now` was issued to. */
export async function tokenHolder(
  db: Pick<Database, "select">,
  tokens: SingleUseTokens,
  tokenHash: string,
  now: Date,
): Promise<User | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(tokens.table)
    .innerJoin(users, eq(users.id, tokens.table.userId))
    .where(usableToken(tokens, tokenHash, now));
  return row?.user;
}

/** Spends the user's other outstanding tokens: once one is used, the older ones are moot. */
export async function spendUserTokens(
  db: Pick<Database, "update">,
  tokens: SingleUseTokens,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .update(tokens.table)
    .set({ usedAt: now })
    .where(and(eq(tokens.table.userId, userId), isNull(tokens.table.usedAt)));
}
