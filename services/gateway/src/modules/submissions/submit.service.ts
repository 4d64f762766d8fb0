import { METRICS } from "@tandem/competition";
import { domains } from "@tandem/competition/server";
import {
  type DailyLimitDetails,
  DEFAULT_PAUSE_MESSAGE,
  dailyLimitMessage,
  type SubmitAnswer,
} from "@tandem/contracts";
import type { Submission } from "@tandem/db";
import { isUnfinished } from "@tandem/jobs";
import type { TestSetLookup } from "@tandem/scoring";
import type { ScoringDispatcher } from "../../dispatch/dispatcher";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/http-error";
import type { SubmissionParser } from "../../lib/submission-parser/submission-parser";
import type { TeamStanding } from "../leaderboard/rankings.service";
import { type CompetitionRules, dailyLimitOf } from "../settings/settings.service";
import type { SubmissionsRepository } from "./submissions.repository";
import { toSubmitResponse } from "./submissions.view";

/** A resent identical payload inside this window is the same submission (older clients retry POSTs). */
const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
const DAY_MS = 86_400_000;

export interface SubmitDeps {
  submissions: Pick<
    SubmissionsRepository,
    "findByIdempotencyKey" | "findForTeam" | "insertWithinLimit" | "usedSince"
  >;
  /** The challenge's public test set (ADR 0021): the gateway holds no answer. */
  getTestSet: TestSetLookup;
  dispatcher: Pick<ScoringDispatcher, "dispatch">;
  check: SubmissionParser["check"];
  /**
   * The organizers' settings in force (a pause, the window in which submissions count, the
   * daily limit), read per submission.
   */
  rules: () => Promise<
    Pick<CompetitionRules, "submissionsPaused" | "pauseMessage" | "dailyLimit" | "competition">
  >;
  /** How long to wait for the score before answering 202. */
  waitMs: number;
  /** Whether the final standings are revealed: then scores shown are the private ones. */
  isRevealed: () => Promise<boolean>;
  /**
   * Where a team stands in the cached official standings (rankings.service.ts); absent: answers
   * carry no rank. Asked only where the definition lets teams see the leaderboards.
   */
  standing?: (teamId: string) => Promise<TeamStanding>;
  now?: () => Date;
}

export interface SubmitInput {
  /** `dailyLimit`: the team's own, set by an organizer; it wins over the competition's. */
  team: {
    id: string;
    status: string;
    dailyLimit?: number | null;
    disqualifiedAt?: Date | null;
    disqualificationReason?: string | null;
  };
  domainName: string;
  taskNumber: number;
  /** The file as sent. */
  csv: Uint8Array;
  idempotencyKey?: string | undefined;
  /** The request id, carried into the scoring job's logs. */
  traceId: string;
  /** The team's own note on the submission. */
  note?: string | null;
  /** The member who sent it from the site; null or absent: the team's API key. */
  submittedBy?: string | null;
  /**
   * Called once a valid file is checked: its CPU work is done, so the caller's intake slot goes
   * to the next file while this one is stored and waits for its score (up to SUBMIT_WAIT_MS).
   */
  onChecked?: () => void;
}

/** What `/submit` answers: the HTTP status follows the submission's state. */
export interface SubmitOutcome {
  status: 200 | 202 | 400 | 503;
  body: SubmitAnswer;
  /** An earlier submission answered again (same Idempotency-Key, or the same file resent). */
  replayed: boolean;
}

const STATUS_OF: Record<Submission["status"], SubmitOutcome["status"]> = {
  queued: 202,
  scoring: 202,
  scored: 200,
  invalid: 400,
  failed: 503,
};

/** Every domain with its challenge numbers, for "Valid: ..." in an unknown-name answer. */
export function validNames(): string {
  return domains()
    .map((d) => `${d.name} (challenges ${d.challenges.map((c) => c.number).join(", ")})`)
    .join("; ");
}

/**
 * Refuses a team that may not submit whatever it sends: /submit asks before reading a body too,
 * so an inactive or disqualified team's upload costs no reading (issue 31, finding 3).
 */
export function refuseTeamThatCannotSubmit(team: SubmitInput["team"]): void {
  if (team.disqualifiedAt) {
    // Disqualified by the organizers: nothing it sends is stored (ADR 0011).
    throw forbidden(
      "team.disqualified",
      `Your team has been disqualified: ${team.disqualificationReason ?? "no reason given"}. It cannot submit; contact the organizers.`,
    );
  }
  if (team.status !== "active") {
    throw forbidden(
      "team.inactive",
      "Your team must be activated before it can submit. Ask an organizer to activate it.",
    );
  }
}

/**
 * A team's submission, from file to answer (docs/architecture.md#submission-path): the challenge
 * and the team are checked, the file is validated against the challenge's public test set (its ids,
 * labels and header: nothing a participant lacks), stored within the daily limit (a retry
 * with the same Idempotency-Key, or without one the same file within ten minutes, is the same
 * submission), handed to scoring, and answered with the score if it comes within `waitMs`.
 * Refusals are thrown as `HttpError`s with their codes; nothing is stored for a refused file.
 */
export async function submitPredictions(
  deps: SubmitDeps,
  input: SubmitInput,
): Promise<SubmitOutcome> {
  const { submissions } = deps;
  const { team } = input;
  const rules = await deps.rules();
  if (rules.submissionsPaused) {
    throw new HttpError(503, "submission.paused", rules.pauseMessage ?? DEFAULT_PAUSE_MESSAGE);
  }
  const challenge = rules.competition.findChallenge(input.domainName, input.taskNumber);
  if (!challenge) {
    throw notFound(
      "competition.unknown_domain",
      `Unknown domain or challenge "${input.domainName}" ${input.taskNumber}. Valid: ${validNames()}`,
    );
  }
  const dailyLimit = dailyLimitOf(team, rules, challenge);
  refuseTeamThatCannotSubmit(team);
  const testSet = await deps.getTestSet(challenge);
  if (!testSet) {
    throw new HttpError(
      503,
      "submission.scoring_unavailable",
      `Scoring for ${challenge.key} is not available yet.`,
    );
  }
  const expectedRows = testSet.ids.length;
  // Parsed once, here, into the aligned form a worker scores (docs/adr/0021-workers-score.md):
  // on a parser thread, by lib/submission-parser/check-submission.ts.
  const checked = await deps.check(input.csv, challenge, testSet);
  if (!checked.ok) {
    throw badRequest("submission.invalid", `Submission failed validation: ${checked.errors[0]}`, {
      validation_errors: checked.errors,
      expected_format: challenge.header.join(","),
      actual_rows: checked.rowCount,
      expected_rows: expectedRows,
    });
  }

  // The file's work is done: storing it and waiting for its score hold no intake slot (ADR 0021).
  input.onChecked?.();

  // Where the team stood before this submission: one cache read, where teams see standings.
  const standing =
    rules.competition.definition.leaderboard_visibility === "organizers"
      ? undefined
      : deps.standing;
  const before = standing ? await standing(team.id) : undefined;
  const now = deps.now?.() ?? new Date();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const key = input.idempotencyKey;
  let submission = key
    ? await submissions.findByIdempotencyKey(team.id, challenge.key, key)
    : undefined;
  let replayed = submission !== undefined;
  // Today's submissions that count toward the limit, this one included, when the insert told.
  let usedToday: number | undefined;
  let stored = false;
  if (!submission) {
    // `admitSubmission` (packages/jobs/src/admit-submission.ts): the duplicate check, the daily
    // limit and the insert, under one lock per team and challenge.
    const admission = await submissions.insertWithinLimit(
      {
        teamId: team.id,
        challengeKey: challenge.key,
        predictions: checked.predictions,
        aligned: checked.aligned,
        payloadHash: checked.payloadHash,
        contentHash: checked.contentHash,
        rowCount: checked.rowCount,
        metricName: METRICS[challenge.metric].name,
        // Inside a phase that counts, and never after the reveal: the standings are final then.
        counted: rules.competition.countsAt(now) && !(await deps.isRevealed()),
        idempotencyKey: key ?? null,
        note: input.note ?? null,
        submittedVia: input.submittedBy ? "user" : "api_key",
        submittedBy: input.submittedBy ?? null,
      },
      {
        perDay: dailyLimit,
        since: dayStart,
        // The Idempotency-Key says what a retry is; without one, an identical file is.
        ...(key ? {} : { duplicatesSince: new Date(now.getTime() - DUPLICATE_WINDOW_MS) }),
      },
    );
    if ("limited" in admission) {
      const resets = new Date(dayStart.getTime() + DAY_MS);
      throw new HttpError(
        429,
        "submission.daily_limit",
        dailyLimitMessage(dailyLimit, challenge.key, resets),
        {
          daily_limit: dailyLimit,
          used_today: admission.used,
          resets_at: resets.toISOString(),
        } satisfies DailyLimitDetails,
        { retryAfterSeconds: Math.ceil((resets.getTime() - now.getTime()) / 1000) },
      );
    }
    replayed = "duplicate" in admission || !admission.row;
    if ("duplicate" in admission) usedToday = admission.used;
    else if (admission.row) {
      usedToday = admission.used + 1;
      stored = true;
    }
    submission =
      "duplicate" in admission
        ? admission.duplicate
        : (admission.row ??
          // Lost an idempotency-key race with a concurrent retry: answer with the winner.
          (await submissions.findByIdempotencyKey(team.id, challenge.key, key ?? "")));
    if (!submission) throw new Error("Submission insert returned nothing");
  }

  if (isUnfinished(submission.status)) {
    // To workers/scoring/src/process-submission.ts, which scores and stores the result: as the
    // BullMQ job `score-<id>` in production (dispatch/bullmq-dispatcher.ts), in this process in
    // embedded mode.
    const outcome = await deps.dispatcher.dispatch(submission.id, {
      traceId: input.traceId,
      waitMs: deps.waitMs,
    });
    // Read again only when the wait says the job is over: a pending one is as it was stored.
    if (outcome === "finished") {
      submission = (await submissions.findForTeam(team.id, submission.id)) ?? submission;
    }
  }
  // A platform failure does not count toward the limit (admitSubmission leaves failed ones out).
  if (stored && usedToday !== undefined && submission.status === "failed") usedToday--;
  usedToday ??= await submissions.usedSince(team.id, challenge.key, dayStart);
  const after = standing ? await standing(team.id) : undefined;
  return {
    replayed,
    status: STATUS_OF[submission.status],
    body: {
      ...toSubmitResponse(submission, challenge, expectedRows, testSet.version, {
        revealed: await deps.isRevealed(),
      }),
      remaining_today: Math.max(0, dailyLimit - usedToday),
      public_rank: after?.rank ?? null,
      rank_change: after && before && !replayed ? rankChange(before, after, submission) : null,
    },
  };
}

/**
 * Places gained between the standings read before the submission and those read after it; null
 * when either has no rank for the team, or when the later ones cannot include this score yet: it
 * is still queued, or it counts and the standings were computed before it landed (the workers
 * rebuild them a few seconds after a score, ADR 0012), so a change read now would be wrong.
 */
function rankChange(
  before: TeamStanding,
  after: TeamStanding,
  submission: Pick<Submission, "status" | "counted" | "scoredAt">,
): number | null {
  if (before.rank === null || after.rank === null || before.standings !== after.standings)
    return null;
  if (isUnfinished(submission.status)) return null;
  const scored = submission.status === "scored" && submission.counted;
  if (scored && (!submission.scoredAt || after.updatedAt < submission.scoredAt)) return null;
  return before.rank - after.rank;
}
