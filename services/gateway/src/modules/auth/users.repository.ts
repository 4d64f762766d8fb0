import { emailKey } from "@tandem/contracts";
import { type Database, sessions, type User, users } from "@tandem/db";
import { eq, sql } from "drizzle-orm";

export type NewUser = typeof users.$inferInsert;

export function createUsersRepository({ db }: { db: Database }) {
  return {
    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return user;
    },

    async findById(id: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id));
      return user;
    },

    /**
     * Inserts a user with its address's key; undefined when the address, or another form of it
     * (the same key: `name+2@`, `Name@`, Gmail's dots), is already registered. The unique
     * indexes decide, so two sign-ups racing for one key get one account and one refusal.
     * `tx`: a transaction to insert in (an organizer's account commits with its audit entry).
     */
    async create(
      values: Omit<NewUser, "emailKey">,
      tx: Pick<Database, "insert"> = db,
    ): Promise<User | undefined> {
      const [user] = await tx
        .insert(users)
        .values({ ...values, emailKey: emailKey(values.email) })
        .onConflictDoNothing()
        .returning();
      return user;
    },

    /**
     * Whether an account holds the key of `email`. For explaining a refused second account
     * only: never to find an account to sign in to or link (emailKey says why).
     */
    async keyTaken(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.emailKey, emailKey(email)))
        .limit(1);
      return row !== undefined;
    },

    async findByGithubId(githubId: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.githubId, githubId));
      return user;
    },

    /**
     * Links a GitHub account, which proves the address. An address nobody had proved may have
     * been registered by someone else first: its password is dropped and its sessions end, so
     * only the GitHub sign-in (and a later password reset, by mail) reach the account.
     */
    async linkGithub(user: User, githubId: string): Promise<User> {
      return db.transaction(async (tx) => {
        const proven = user.emailVerifiedAt !== null;
        const [linked] = await tx
          .update(users)
          .set({
            githubId,
            emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
            ...(proven ? {} : { passwordHash: null }),
          })
          .where(eq(users.id, user.id))
          .returning();
        if (!proven) await tx.delete(sessions).where(eq(sessions.userId, user.id));
        return linked!;
      });
    },

    /** Grants or withdraws admin access; rights are read from here on every request. */
    async setAdmin(id: string, adminAccess: boolean): Promise<void> {
      await db.update(users).set({ adminAccess }).where(eq(users.id, id));
    },

    async countAdmins(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.adminAccess, true));
      return row?.count ?? 0;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
