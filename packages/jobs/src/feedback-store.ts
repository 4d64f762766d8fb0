import {
  betterShown,
  type Challenge,
  type FeedbackPolicy,
  feedbackStep,
  type LadderState,
  METRICS,
  sameJson,
} from "@tandem/competition";
import {
  challengeBaselines,
  competitionReveals,
  type Database,
  submissions,
  testSets,
} from "@tandem/db";
import { and, asc, eq, min, sql } from "drizzle-orm";

/*
 * What a team is shown of its scores, stored per submission (docs/adr/0015-feedback-policy.md).
 * Under `ladder` a score's shown value depends on what the team was shown before on the same
 * challenge, so the values are assigned here, one team and challenge at a time under a lock,
 * in the order the submissions were made; every participant-facing read takes them as stored.
 */

type Executor = Pick<Database, "select" | "update" | "execute">;

/** The challenge facts the policy needs. */
export type FeedbackChallenge = Pick<Challenge, "key" | "metric" | "feedback">;

export interface FeedbackTarget {
  teamId: string;
  challenge: FeedbackChallenge;
}

/**
 * Assigns the shown score of every scored submission of the team on the challenge that has
 * none yet (with `replay`, of all of them, from the first: after the policy changed, a score
 * was withdrawn, or the reveal). Before the reveal a score is shown from the public part; after
 * it a practice submission's is shown from the private part under the same policy, starting
 * from the team's best counted private score (which the final standings show exactly).
 */
export async function assignFeedback(
  db: Database,
  target: FeedbackTarget,
  options: { replay?: boolean } = {},
): Promise<void> {
  await db.transaction((tx) => assignFeedbackIn(tx as unknown as Executor, target, options));
}

/** `assignFeedback` inside the caller's transaction (the lock is held until it ends). */
export async function assignFeedbackIn(
  tx: Executor,
  { teamId, challenge }: FeedbackTarget,
  { replay = false }: { replay?: boolean } = {},
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`tandem:feedback:${teamId}:${challenge.key}`}))`,
  );
  const [reveal] = await tx
    .select({ at: min(competitionReveals.revealedAt) })
    .from(competitionReveals);
  const revealed = reveal?.at != null;
  const rows = await tx
    .select({
      id: submissions.id,
      counted: submissions.counted,
      metricValue: submissions.metricValue,
      privateMetricValue: submissions.privateMetricValue,
      shownScore: submissions.shownScore,
      shownKind: submissions.shownKind,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.teamId, teamId),
        eq(submissions.challengeKey, challenge.key),
        eq(submissions.status, "scored"),
      ),
    )
    .orderBy(asc(submissions.createdAt), asc(submissions.id));

  const higher = METRICS[challenge.metric].higherIsBetter;
  const kindOf = (row: (typeof rows)[number]) =>
    revealed && !row.counted && row.privateMetricValue !== null ? "final" : "public";
  const unassigned = (row: (typeof rows)[number]) =>
    row.shownKind === null || row.shownKind !== kindOf(row);
  // A score older than one already shown (rescored, or scored out of turn) changes what the
  // later ones follow: the sequence is shown again from the first.
  const firstUnassigned = rows.findIndex(unassigned);
  const replayAll =
    replay || (firstUnassigned >= 0 && rows.slice(firstUnassigned).some((row) => !unassigned(row)));
  const pending = (row: (typeof rows)[number]) => replayAll || unassigned(row);

  // Three ladders. Counted submissions climb among themselves (the public standings rank their
  // shown scores, which must never carry a practice score); practice ones before the reveal
  // start from everything shown. Both start at the baseline's public score, which every team
  // is shown: a score is first shown once it beats the baseline by the threshold, so a file
  // made bad on purpose and mended a row at a time teaches nothing. After the reveal, practice
  // scores climb from the team's best counted private score (the final standings show it).
  const baseline = await baselineOf(tx, challenge.key);
  const start = { own: null, reference: baseline };
  const ladders: Record<"counted" | "public" | "final", LadderState> = {
    counted: { ...start },
    public: { ...start },
    final: { own: null, reference: null },
  };
  const ladderOf = (row: (typeof rows)[number]) =>
    kindOf(row) === "final" ? "final" : row.counted ? "counted" : "public";
  const raise = (ladder: keyof typeof ladders, shown: number | null) => {
    const state = ladders[ladder];
    ladders[ladder] = {
      own: betterShown(state.own, shown, higher),
      reference: betterShown(state.reference, shown, higher),
    };
  };
  const raiseFrom = (row: (typeof rows)[number], shown: number | null) => {
    const ladder = ladderOf(row);
    raise(ladder, shown);
    if (ladder === "counted") raise("public", shown);
  };
  if (revealed) {
    for (const row of rows) if (row.counted) raise("final", row.privateMetricValue);
  }
  for (const row of rows) if (!pending(row)) raiseFrom(row, row.shownScore);
  for (const row of rows) {
    if (!pending(row)) continue;
    const kind = kindOf(row);
    const score = kind === "final" ? row.privateMetricValue : row.metricValue;
    if (score === null) continue;
    const ladder = ladderOf(row);
    const step = feedbackStep(challenge.feedback, higher, ladders[ladder], score);
    raiseFrom(row, step.shown);
    await tx
      .update(submissions)
      .set({ shownScore: step.shown, shownImproved: step.improved, shownKind: kind })
      .where(eq(submissions.id, row.id));
  }
}

/** The challenge's baseline on the public part of its current answers; null until measured. */
async function baselineOf(tx: Executor, challengeKey: string): Promise<number | null> {
  const [row] = await tx
    .select({ value: challengeBaselines.metricValue })
    .from(challengeBaselines)
    .innerJoin(
      testSets,
      and(
        eq(testSets.challengeKey, challengeBaselines.challengeKey),
        eq(testSets.version, challengeBaselines.answersVersion),
      ),
    )
    .where(eq(challengeBaselines.challengeKey, challengeKey));
  return row?.value ?? null;
}

/**
 * Assigns (with `replay`, reassigns from the first) the shown scores of every team with scored
 * submissions on these challenges: after a policy change, and after the reveal (practice
 * scores are then shown from the private part). Answers how many team-challenges it went over.
 */
export async function replayFeedback(
  db: Database,
  challenges: readonly FeedbackChallenge[],
  { replay = true }: { replay?: boolean } = {},
): Promise<number> {
  let teams = 0;
  for (const challenge of challenges) {
    const rows = await db
      .selectDistinct({ teamId: submissions.teamId })
      .from(submissions)
      .where(and(eq(submissions.challengeKey, challenge.key), eq(submissions.status, "scored")));
    for (const { teamId } of rows) {
      await assignFeedback(db, { teamId, challenge }, { replay });
      teams += 1;
    }
  }
  return teams;
}

/** Whether two policies show scores alike (a definition change replays the ones that differ). */
export function sameFeedback(a: FeedbackPolicy, b: FeedbackPolicy): boolean {
  return sameJson(a, b);
}
