import { authCodes, type Database, type User, users } from "@tandem/db";
import { eq } from "drizzle-orm";
import { AUTH_CODE_TOKENS, spendToken } from "./single-use-tokens";

export const AUTH_CODE_LIFETIME_MS = 60 * 1000;

export function createAuthCodesRepository({ db }: { db: Database }) {
  return {
    async create(userId: string, codeHash: string): Promise<void> {
      await db
        .insert(authCodes)
        .values({ userId, codeHash, expiresAt: new Date(Date.now() + AUTH_CODE_LIFETIME_MS) });
    },

    /** Spends a code once; the user it was issued to, or undefined if unknown, used or expired. */
    async consume(codeHash: string): Promise<User | undefined> {
      const userId = await spendToken(db, AUTH_CODE_TOKENS, codeHash, new Date());
      if (!userId) return undefined;
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      return user;
    },
  };
}
export type AuthCodesRepository = ReturnType<typeof createAuthCodesRepository>;
