import { gunzipSync } from "node:zlib";
import { type Challenge, METRICS } from "@tandem/competition";
import { challengeByKey } from "@tandem/competition/server";
import { createAnswersStore, type Database } from "@tandem/db";
import {
  type ClaimedSubmission,
  type CompetitionSource,
  claimSubmission,
  createCompetitionSource,
  finishSubmission,
  loadSubmissionFile,
  type RankingsFreshness,
  releaseClaim,
  type ScoringResult,
} from "@tandem/jobs";
import {
  type AnswersLookup,
  createAnswersCache,
  decodeAligned,
  labelSetHash,
  type PartScores,
  parseToAligned,
  prepareAnswers,
  type ScoringAnswers,
  scoreForm,
} from "@tandem/scoring";
import type { Logger } from "pino";

export type ProcessOutcome = "scored" | "invalid" | "skipped";

export interface ProcessorDeps {
  db: Database;
  getAnswers: AnswersLookup;
  logger: Logger;
  /** Runs after a counted score is written: the rankings changed. */
  onScored?: () => Promise<void>;
  /** How long a claim keeps other runs away (the worker's lock; see @tandem/jobs). */
  claimLeaseMs?: number;
  /** The active competition definition, read before each submission is scored. */
  competition?: CompetitionSource;
}

/**
 * Scores one submission. Safe to run twice for the same id: only one run at a time holds the
 * claim, and only the run holding it writes the result. "skipped" when there was nothing for
 * this run to do: finished, missing, claimed by another run, or taken over while it ran.
 */
export function createSubmissionProcessor({
  db,
  getAnswers,
  logger,
  onScored,
  claimLeaseMs,
  competition,
}: ProcessorDeps) {
  return async function processSubmission(
    submissionId: string,
    /** Filled in once claimed: what the caller would otherwise read again (its metrics' label). */
    seen?: { challengeKey?: string },
    /** The job's logger, carrying the trace id of the request that queued it. */
    log: Logger = logger,
  ): Promise<ProcessOutcome> {
    const claim = await claimSubmission(db, submissionId, { leaseMs: claimLeaseMs });
    if (!claim) return "skipped";
    if (seen) seen.challengeKey = claim.challengeKey;
    let outcome: { result: ScoringResult; value?: PartScores; challenge?: Challenge };
    let written: boolean;
    try {
      outcome = await score(claim);
      // Stored with what the team is shown of it (its challenge's feedback policy).
      written = await finishSubmission(db, claim, outcome.result, outcome.challenge);
    } catch (err) {
      // The next try (this job's retry, or a re-delivery) takes it at once, not after the lease.
      await releaseClaim(db, claim).catch((releaseErr: unknown) =>
        log.warn({ err: releaseErr, submissionId }, "could not give back the claim"),
      );
      throw err;
    }
    // Another run took the submission over while this one ran; its result is the one kept.
    if (!written) return "skipped";
    if (outcome.result.status === "invalid") return "invalid";
    log.info(
      // The private score stays in the database: logs are read more widely than the standings.
      { submissionId, challenge: claim.challengeKey, value: outcome.value?.public },
      "submission scored",
    );
    if (claim.counted && onScored) {
      // The score is safely stored; a failed refresh only delays the leaderboard until the next one.
      await onScored().catch((err: unknown) => log.warn({ err }, "rankings refresh failed"));
    }
    return "scored";
  };

  async function score(
    claim: ClaimedSubmission,
  ): Promise<{ result: ScoringResult; value?: PartScores; challenge?: Challenge }> {
    await competition?.current();
    let challenge = challengeByKey(claim.challengeKey);
    // An edit that changed the metric renamed the rows it rescores: a cached definition older
    // than that edit is read again, so the row is scored with the metric it names.
    if (competition && challenge && METRICS[challenge.metric].name !== claim.metricName) {
      competition.invalidate();
      await competition.current();
      challenge = challengeByKey(claim.challengeKey);
    }
    if (!challenge) {
      return {
        result: { status: "invalid", errorMessage: `Unknown challenge ${claim.challengeKey}` },
      };
    }
    const answers = await getAnswers(challenge);
    if (!answers) throw new Error(`No answers stored for ${challenge.key}`);
    const ready = prepareAnswers(answers);

    // Intake parsed the file into its aligned form: scored without a second parse (ADR 0021).
    let value = claim.aligned ? scoreStoredForm(challenge, ready, claim) : undefined;
    if (!value) {
      // No usable form (a rescore, a data reload since intake, a row from before ADR 0021):
      // the file is parsed again, against the current test set, by the same function intake uses.
      const csv = gunzipSync(await loadSubmissionFile(db, claim.id)).toString("utf8");
      const parsed = parseToAligned(csv, challenge, ready.testSet);
      if (!parsed.ok) {
        return {
          result: {
            status: "invalid",
            errorMessage: "Submission failed validation",
            validationErrors: parsed.errors,
          },
        };
      }
      value = scoreForm(challenge, ready, parsed.form);
    }
    // Both parts: the public score for the team, the private one for the final standings.
    return {
      value,
      challenge,
      result: {
        status: "scored",
        metricValue: value.public,
        privateMetricValue: value.private,
        ...(answers.version !== undefined ? { answersVersion: answers.version } : {}),
      },
    };
  }
}
export type SubmissionProcessor = ReturnType<typeof createSubmissionProcessor>;

/**
 * The scores of a stored aligned form, or undefined when it is not aligned to these answers'
 * test set (the data was reloaded since intake) or indexes another label set (a definition edit):
 * the caller then parses the file again.
 */
function scoreStoredForm(
  challenge: Challenge,
  ready: ScoringAnswers,
  claim: ClaimedSubmission,
): PartScores | undefined {
  const form = decodeAligned(claim.aligned!);
  if (form.digest !== ready.testSet.digest) return undefined;
  if (form.kind === "label" && challenge.target.kind === "label") {
    if (form.labelSetHash !== labelSetHash(challenge.target.labels)) return undefined;
  }
  return scoreForm(challenge, ready, form);
}

/**
 * The processor as the worker and the embedded server run it: answers read from the database and
 * cached per challenge, and the rankings told after every counted score (`changed`, from
 * @tandem/jobs' rankings freshness: ADR 0021, docs/adr/0012-rankings-refresh.md).
 */
export function createRankingProcessor({
  db,
  rankings,
  logger,
  claimLeaseMs,
  dataSeed,
  competition = createCompetitionSource({ db }),
}: Pick<ProcessorDeps, "db" | "logger" | "claimLeaseMs" | "competition"> & {
  /**
   * Told after each counted score (ADR 0021): the entry point chose whether that waits for a
   * rebuild (embedded, tests: in-process) or only marks the rankings stale (the worker).
   */
  rankings: Pick<RankingsFreshness, "changed">;
  /**
   * The secret seed, where the process has it (the embedded server): derives the split of
   * answers stored before it. The production worker has none and relies on the stored split.
   */
  dataSeed?: string;
}) {
  const getAnswers = createAnswersCache(
    createAnswersStore({ db, ...(dataSeed ? { dataSeed } : {}) }),
  );
  const process = createSubmissionProcessor({
    db,
    getAnswers,
    logger,
    onScored: () => rankings.changed(),
    claimLeaseMs,
    competition,
  });
  return Object.assign(process, {
    /**
     * Loads and prepares the answers of every active challenge (parsed, split, aligned to their
     * test set), so a worker started mid-rush scores its first job at full speed: call before
     * taking jobs. A challenge that cannot be prepared is logged and left to its first job.
     */
    async warm(): Promise<number> {
      const { competition: active } = await competition.current();
      let ready = 0;
      for (const challenge of active.challenges) {
        try {
          const answers = await getAnswers(challenge);
          if (answers) {
            prepareAnswers(answers);
            ready++;
          }
        } catch (err) {
          logger.warn({ err, challenge: challenge.key }, "answers not prepared at start");
        }
      }
      return ready;
    },
  });
}
