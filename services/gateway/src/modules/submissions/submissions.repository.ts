import { challengeAnswers, type Database, type Submission, submissions } from "@tandem/db";
import { and, asc, desc, eq, gt, gte, isNotNull, like, ne, type SQL, sql } from "drizzle-orm";

export type NewSubmission = typeof submissions.$inferInsert;

export function createSubmissionsRepository({ db }: { db: Database }) {
  /** One of the team's own submissions: a lookup never reaches another team's rows. */
  async function findOfTeam(teamId: string, condition: SQL): Promise<Submission | undefined> {
    const [row] = await db
      .select()
      .from(submissions)
      .where(and(eq(submissions.teamId, teamId), condition));
    return row;
  }

  return {
    /** Each challenge's current answers version (a reload of the data raises it). */
    async answersVersions(): Promise<Map<string, number>> {
      const rows = await db
        .select({ key: challengeAnswers.challengeKey, version: challengeAnswers.version })
        .from(challengeAnswers);
      return new Map(rows.map((row) => [row.key, row.version]));
    },
    /**
     * Inserts unless the team has used up today's submissions for the challenge (failed ones
     * do not count). A transaction-scoped advisory lock per team and challenge makes the count
     * and the insert one step, so concurrent requests cannot overshoot the limit.
     * With `duplicatesSince`, the newest identical payload since then is answered instead of
     * inserting, under the same lock, so identical retries arriving together store one row;
     * a failed one is not (a platform failure must not stop the team from sending it again).
     * `row: undefined` means the idempotency key was already used.
     */
    async insertWithinLimit(
      values: NewSubmission,
      limit: { perDay: number; since: Date; duplicatesSince?: Date },
    ): Promise<{ row: Submission | undefined } | { duplicate: Submission } | { limited: true }> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`${values.teamId}:${values.challengeKey}`}))`,
        );
        // The lock's scope: this team's submissions to this challenge.
        const teamChallenge = [
          eq(submissions.teamId, values.teamId),
          eq(submissions.challengeKey, values.challengeKey),
        ];
        if (limit.duplicatesSince && values.payloadHash) {
          const [newest] = await tx
            .select()
            .from(submissions)
            .where(
              and(
                ...teamChallenge,
                eq(submissions.payloadHash, values.payloadHash),
                gt(submissions.createdAt, limit.duplicatesSince),
              ),
            )
            .orderBy(desc(submissions.createdAt))
            .limit(1);
          if (newest && newest.status !== "failed") return { duplicate: newest };
        }
        const [used] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(submissions)
          .where(
            and(
              ...teamChallenge,
              gte(submissions.createdAt, limit.since),
              ne(submissions.status, "failed"),
            ),
          );
        if ((used?.count ?? 0) >= limit.perDay) return { limited: true as const };
        const [row] = await tx.insert(submissions).values(values).onConflictDoNothing().returning();
        return { row };
      });
    },

    async history(
      teamId: string,
      options: { limit: number; domainSlug?: string },
    ): Promise<Submission[]> {
      return db
        .select()
        .from(submissions)
        .where(
          and(
            eq(submissions.teamId, teamId),
            options.domainSlug
              ? like(submissions.challengeKey, `${options.domainSlug}/%`)
              : undefined,
          ),
        )
        .orderBy(desc(submissions.createdAt))
        .limit(options.limit);
    },

    /**
     * Marks the team's submission as final unless `limit` of its submissions to that challenge
     * already are (answers those, oldest mark first). Under the same advisory lock as
     * insertWithinLimit, so two marks at once cannot both take the last place. Marking a
     * marked one changes nothing.
     */
    async markFinal(
      teamId: string,
      submission: Pick<Submission, "id" | "challengeKey">,
      limit: number,
    ): Promise<{ row: Submission } | { limited: Submission[] }> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`${teamId}:${submission.challengeKey}`}))`,
        );
        const marked = await tx
          .select()
          .from(submissions)
          .where(
            and(
              eq(submissions.teamId, teamId),
              eq(submissions.challengeKey, submission.challengeKey),
              isNotNull(submissions.finalAt),
            ),
          )
          .orderBy(asc(submissions.finalAt), asc(submissions.createdAt));
        const already = marked.find((row) => row.id === submission.id);
        if (already) return { row: already };
        if (marked.length >= limit) return { limited: marked };
        const [row] = await tx
          .update(submissions)
          .set({ finalAt: sql`now()` })
          .where(and(eq(submissions.teamId, teamId), eq(submissions.id, submission.id)))
          .returning();
        if (!row) throw new Error("The submission to mark final was not found");
        return { row };
      });
    },

    /** Unmarks the team's submission (whether it was marked or not). */
    async unmarkFinal(teamId: string, id: string): Promise<Submission | undefined> {
      const [row] = await db
        .update(submissions)
        .set({ finalAt: null })
        .where(and(eq(submissions.teamId, teamId), eq(submissions.id, id)))
        .returning();
      return row;
    },

    findForTeam(teamId: string, id: string): Promise<Submission | undefined> {
      return findOfTeam(teamId, eq(submissions.id, id));
    },

    findByIdempotencyKey(teamId: string, key: string): Promise<Submission | undefined> {
      return findOfTeam(teamId, eq(submissions.idempotencyKey, key));
    },
  };
}
export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;
