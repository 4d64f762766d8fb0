import { authCodes, type Database, type User, users } from "@tandem/db";
import { and, eq } from "drizzle-orm";
import { AUTH_CODE_TOKENS } from "./single-use-tokens";

export const AUTH_CODE_LIFETIME_MS = 60 * 1000;

/**
 * What trading a code gave: the user, or why not. `other_browser`: the code is good but the
 * browser presenting it is not the one that started the sign-in (github-browser.ts); the code
 * is left unspent, so a victim's refused attempt costs its owner nothing.
 */
export type CodeExchange =
  | { ok: true; user: User }
  | { ok: false; reason: "invalid" | "other_browser" };

export function createAuthCodesRepository({ db }: { db: Database }) {
  return {
    /** `browserHash`: the hash of the nonce of the browser the code is for. */
    async create(userId: string, codeHash: string, browserHash: string): Promise<void> {
      await db.insert(authCodes).values({
        userId,
        codeHash,
        browserHash,
        expiresAt: new Date(Date.now() + AUTH_CODE_LIFETIME_MS),
      });
    },

    /**
     * Spends a code once, and only for the browser it was issued to. The update is conditional,
     * so of concurrent requests exactly one spends it.
     */
    async consume(codeHash: string, browserHash: string | undefined): Promise<CodeExchange> {
      const now = new Date();
      if (browserHash) {
        const [used] = await db
          .update(authCodes)
          .set({ usedAt: now })
          .where(
            and(AUTH_CODE_TOKENS.usable(codeHash, now), eq(authCodes.browserHash, browserHash)),
          )
          .returning({ userId: authCodes.userId });
        if (used) {
          const [user] = await db.select().from(users).where(eq(users.id, used.userId));
          if (user) return { ok: true, user };
        }
      }
      const [unspent] = await db
        .select({ id: authCodes.id })
        .from(authCodes)
        .where(AUTH_CODE_TOKENS.usable(codeHash, now));
      return { ok: false, reason: unspent ? "other_browser" : "invalid" };
    },
  };
}
export type AuthCodesRepository = ReturnType<typeof createAuthCodesRepository>;
