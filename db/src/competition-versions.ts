import { desc, sql } from "drizzle-orm";
import type { Database } from "./client";
import { type CompetitionVersion, competitionVersions } from "./schema";

type Executor = Pick<Database, "select" | "insert" | "execute">;

export type CompetitionVersionSummary = Omit<CompetitionVersion, "definition">;

/** The stored versions of the competition definition; the highest is in force. */
export function createCompetitionVersions({ db }: { db: Database }) {
  return {
    /** The version in force, with its definition; null: none stored (the default edition). */
    async latest(executor: Executor = db): Promise<CompetitionVersion | null> {
      const [row] = await executor
        .select()
        .from(competitionVersions)
        .orderBy(desc(competitionVersions.version))
        .limit(1);
      return row ?? null;
    },

    /** Just the number in force (0: the default), for a cheap freshness check. */
    async latestNumber(executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({ version: sql<number>`coalesce(max(${competitionVersions.version}), 0)::int` })
        .from(competitionVersions);
      return row?.version ?? 0;
    },

    /** Newest first, without the definitions. */
    async list(limit = 100): Promise<CompetitionVersionSummary[]> {
      return db
        .select({
          version: competitionVersions.version,
          changes: competitionVersions.changes,
          source: competitionVersions.source,
          createdBy: competitionVersions.createdBy,
          createdByEmail: competitionVersions.createdByEmail,
          createdAt: competitionVersions.createdAt,
        })
        .from(competitionVersions)
        .orderBy(desc(competitionVersions.version))
        .limit(limit);
    },

    /**
     * Stores `version` (the one after the caller's base). Two writers from the same base both
     * try the same number: the primary key lets one in, the other gets false (stale).
     */
    async insert(executor: Executor, row: Omit<CompetitionVersion, "createdAt">): Promise<boolean> {
      const inserted = await executor
        .insert(competitionVersions)
        .values(row)
        .onConflictDoNothing()
        .returning({ version: competitionVersions.version });
      return inserted.length === 1;
    },
  };
}
export type CompetitionVersions = ReturnType<typeof createCompetitionVersions>;
