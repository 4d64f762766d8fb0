import { type Database, sessions, type User, users } from "@tandem/db";
import { and, eq, gt, lt, ne } from "drizzle-orm";

/** Server-side sessions: a token is good only while its row exists (see schema.ts). */
export function createSessionsRepository({ db }: { db: Database }) {
  return {
    async create(userId: string, expiresAt: Date): Promise<string> {
      // Expired rows of the same user are swept here rather than by a timer.
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
      const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning();
      return row!.id;
    },

    /** The account of a live session, read fresh: rights and status never come from a token. */
    async userOf(sessionId: string, userId: string): Promise<User | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.userId, userId),
            gt(sessions.expiresAt, new Date()),
            // Disabling deletes the sessions too; this holds should one be created meanwhile.
            ne(users.status, "disabled"),
          ),
        );
      return row?.user;
    },

    async end(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async endAll(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
