import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { competitionReveals, users } from "./schema";

export interface RevealRecord {
  revealedAt: Date;
  revealedBy: { id: string; username: string } | null;
}

/**
 * The organizers' reveal of the final standings (docs/adr/0009-public-private-split.md): at most
 * one record counts, the first. Before it, participants see public scores only.
 */
export function createRevealsRepository({ db }: { db: Database }) {
  async function current(executor: Pick<Database, "select"> = db): Promise<RevealRecord | null> {
    const [row] = await executor
      .select({
        revealedAt: competitionReveals.revealedAt,
        userId: users.id,
        username: users.username,
      })
      .from(competitionReveals)
      .leftJoin(users, eq(users.id, competitionReveals.revealedBy))
      .orderBy(asc(competitionReveals.revealedAt), asc(competitionReveals.id))
      .limit(1);
    if (!row) return null;
    return {
      revealedAt: row.revealedAt,
      revealedBy: row.userId ? { id: row.userId, username: row.username ?? "" } : null,
    };
  }

  return {
    current: () => current(),
    /**
     * Records the reveal unless there is one; answers the record that counts and whether this
     * call made it. The lock makes two organizers revealing at once record one reveal.
     */
    async reveal(userId: string): Promise<{ record: RevealRecord; created: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tandem:competition-reveal'))`);
        const existing = await current(tx);
        if (existing) return { record: existing, created: false };
        await tx.insert(competitionReveals).values({ revealedBy: userId });
        const record = await current(tx);
        if (!record) throw new Error("The reveal was not recorded");
        return { record, created: true };
      });
    },
  };
}
export type RevealsRepository = ReturnType<typeof createRevealsRepository>;
