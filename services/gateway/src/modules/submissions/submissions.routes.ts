import type { Challenge } from "@tandem/competition";
import { challengeByKey, findChallenge, findDomain } from "@tandem/competition/server";
import {
  DEFAULT_PAUSE_MESSAGE,
  errorResponseSchema as errorSchema,
  MESSAGES,
  type SubmissionHistoryQuery,
  submissionDetailSchema,
  submissionFileSchema,
  submissionHistoryQuerySchema,
  submissionHistoryResponseSchema,
  submissionParamsSchema,
  submissionSummaryResponseSchema,
  submitAnswerSchema,
  submitHeadersSchema,
  submitRequestSchema,
} from "@tandem/contracts";
import type { TestSetLookup } from "@tandem/scoring";
import {
  errorCodes,
  type FastifyInstance,
  type FastifyRequest,
  type preParsingAsyncHookHandler,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ScoringDispatcher } from "../../dispatch/dispatcher";
import { type BodyDeadlines, withBodyDeadlines } from "../../lib/body-deadline";
import { badRequest, HttpError, notFound } from "../../lib/http-error";
import { createIntakeGate } from "../../lib/intake-gate";
import { decodeTimeCursor, keysetPage, timeKey } from "../../lib/keyset-page";
import { createReadingGate } from "../../lib/reading-gate";
import { sendSubmissionFile } from "../../lib/submission-file";
import { MAX_LEVELS } from "../../lib/submission-parser/read-body";
import {
  createSubmissionParser,
  type SubmissionParser,
} from "../../lib/submission-parser/submission-parser";
import { createWorkInFlight } from "../../lib/work-in-flight";
import { countRefusedSubmissions } from "../../plugins/metrics";
import { dailyLimitOf } from "../settings/settings.service";
import { challengeSummaries } from "./challenge-summary.service";
import type { HistoryFilter, SubmissionsRepository } from "./submissions.repository";
import { storedSubmissionDetail, toHistoryItem } from "./submissions.view";
import {
  refuseTeamThatCannotSubmit,
  type SubmitDeps,
  submitPredictions,
  validNames,
} from "./submit.service";

export interface SubmissionRoutesOptions {
  submissions: SubmissionsRepository;
  /** Each challenge's public test set: what files are validated against (ADR 0021). */
  getTestSet: TestSetLookup;
  dispatcher: ScoringDispatcher;
  /** The organizers' settings in force: a pause, the window, the daily limit. */
  rules: SubmitDeps["rules"];
  waitMs: number;
  /** The largest /submit body (the app-wide limit is for small JSON). Default 50 MB. */
  bodyLimitBytes?: number;
  /** Calls to /submit per team per `rateLimitWindowMs`, invalid ones included. Default 120. */
  submitPerTeam?: number;
  /** Default 15 minutes. */
  rateLimitWindowMs?: number;
  /** Threads that parse submitted files. Default 2. */
  parseThreads?: number;
  /** Submissions read and checked at once, once their body is in. Default twice the threads. */
  intakeSlots?: number;
  /** Bodies read at once, one per team; the rest wait unread. Default 16. */
  bodiesRead?: number;
  /** How long a body may take to arrive. Default 15 s between parts, 120 s in all. */
  bodyDeadlines?: BodyDeadlines;
  /** A parser of one's own (tests, benchmarks); `parseThreads` is then unused. */
  parser?: SubmissionParser;
  /** Whether the final standings are revealed: then the scores shown are the private ones. */
  isRevealed: () => Promise<boolean>;
  /** Each challenge's baseline on the current answers, both parts. */
  baselines: () => Promise<Record<string, { public: number; private: number | null }>>;
  /** Where a team stands in the cached standings: the rank a submit answers with. */
  standing?: SubmitDeps["standing"];
}

/** The history's cursors: newest first, within the requesting team's rows. */
const HISTORY_SCOPE = "history";

/**
 * The team's submissions: from the SDK with the team's API key, or from the site with a
 * member's session (then recorded as that member's).
 */
export async function submissionRoutes(app: FastifyInstance, options: SubmissionRoutesOptions) {
  const { submissions, getTestSet, dispatcher, rules, isRevealed } = options;
  app.addHook("onRequest", app.authenticateTeamOrMember);
  const parser =
    options.parser ??
    createSubmissionParser({ threads: options.parseThreads ?? 2, logger: app.log });
  // Submissions whose body is read are carried to their end, their client there or not (see
  // `places`): the close waits for every /submit request before the parser closes, so a shutdown
  // never cuts one between its check and its storing.
  const working = createWorkInFlight();
  app.addHook("onClose", async () => {
    if (working.count() > 0) {
      app.log.info({ submissions: working.count() }, "closing: waiting for submissions in hand");
    }
    await working.settled();
    if (!options.parser) await parser.close();
  });
  // Twice the parser threads: one file being checked and the next one read, per thread.
  const gate = createIntakeGate(options.intakeSlots ?? (options.parseThreads ?? 2) * 2);
  const reading = createReadingGate({ perKey: 1, total: options.bodiesRead ?? 16 });
  const deadlines = options.bodyDeadlines ?? { idleMs: 15_000, totalMs: 120_000 };
  const limitPerTeam = perTeamLimit(app, {
    max: options.submitPerTeam ?? 120,
    windowMs: options.rateLimitWindowMs ?? 15 * 60 * 1000,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const submitDeps: SubmitDeps = {
    submissions,
    getTestSet,
    dispatcher,
    check: (csv, challenge, testSet) => parser.check(csv, challenge, testSet),
    rules,
    waitMs: options.waitMs,
    isRevealed,
    standing: options.standing,
  };

  // /submit alone, in a scope of its own, reads its body on a parser thread (other routes keep
  // app.ts's JSON parser): for a file of tens of MB, decoding and parsing the JSON would hold up
  // every other request for a large fraction of a second. The route's schema then validates the
  // body as usual, the file in it replaced by a stand-in: the file itself, as bytes, stays in
  // `files` until it is checked on a parser thread too.
  const files = new WeakMap<FastifyRequest, Uint8Array>();
  // Each request's places: its reading place, given back once its body is in, or its client went
  // away (then it is read no further); and its intake slot, once its file is checked or it is
  // answered. A client that goes away once its body is read does not end its submission: it is
  // checked in its turn, holding its slot, then stored and scored as if the client had waited
  // (a retry, same file or same Idempotency-Key, is answered with it).
  const places = new WeakMap<FastifyRequest, { leaveReading: () => void; leaveSlot: () => void }>();
  // Each request's work, from its first hook here to its answer.
  const ends = new WeakMap<FastifyRequest, () => void>();
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    const readBody = async (request: FastifyRequest, body: Buffer) => {
      // The body is all in: an intake slot is taken for the work (issue 31, finding 3: a slow
      // client never holds a slot), and only then does its reading place go to the next body, so
      // bodies beyond the readers' places wait unread in the network buffers, not in memory.
      const held = places.get(request);
      request.log.debug({ bytes: body.length }, "submission body in; waiting for an intake slot");
      const leave = await gate.enter();
      if (held) {
        held.leaveReading();
        held.leaveSlot = leave;
      } else leave();
      request.log.debug({ bytes: body.length }, "reading submission body");
      const read = await parser.readBody(body);
      if (read.kind === "invalid-json") throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
      if (read.kind === "too-deep") {
        throw badRequest(
          "request.invalid",
          `The body nests arrays or objects more than ${MAX_LEVELS} levels deep; /submit takes one flat JSON object.`,
          { where: "body" },
        );
      }
      if (read.csv) files.set(request, read.csv);
      return read.body;
    };
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, readBody);
    countRefusedSubmissions(scope);
    scope.addHook("onRequest", async (request) => {
      ends.set(request, working.begin());
    });
    // Every answer, sent or refused, comes through here, the client there or not: the request's
    // work is over.
    scope.addHook("onSend", async (request, _reply, payload) => {
      const held = places.get(request);
      held?.leaveReading();
      held?.leaveSlot();
      ends.get(request)?.();
      return payload;
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/submit",
      {
        bodyLimit: options.bodyLimitBytes ?? 50 * 1024 * 1024,
        // Before the body is read: a team that may not submit, or is over its limit, costs no
        // reading at all; a body waits unread for its team's turn (one at a time), and then has
        // deadlines to arrive by.
        preParsing: [
          async (request) => refuseTeamThatCannotSubmit(request.team),
          limitPerTeam,
          async (request, reply, payload) => {
            const leaveReading = await reading.enter(request.team.id);
            request.log.debug("reading place taken");
            places.set(request, { leaveReading, leaveSlot: () => {} });
            const { stream, stop } = withBodyDeadlines(payload, deadlines, () => {
              // The client is still sending: end the connection with the answer.
              reply.header("connection", "close");
              leaveReading();
            });
            // Answered, or its client gone: a body all read goes on (see `places`); one not yet
            // read fails here, as Node drops what it had not read, maybe before this stream
            // listened, and the body would never end.
            const closed = () => {
              stop();
              leaveReading();
              if (!request.raw.readableEnded) {
                stream.destroy(new Error("The client went away before its body was read"));
              }
            };
            if (reply.raw.destroyed || reply.raw.writableFinished) closed();
            else reply.raw.once("close", closed);
            return stream;
          },
        ],
        schema: {
          body: submitRequestSchema,
          headers: submitHeadersSchema,
          response: {
            200: submitAnswerSchema,
            202: submitAnswerSchema,
            400: errorSchema,
            403: errorSchema,
            404: errorSchema,
            429: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request, reply) => {
        // The body's predictions_csv is the stand-in; the file is in `files`.
        const csv = files.get(request);
        files.delete(request);
        // The schema accepts no body without a file, and every file read is kept.
        if (!csv) throw new Error("The body's file was not kept for its check");
        request.log.debug({ bytes: csv.byteLength }, "checking submission");
        const { status, body, replayed } = await submitPredictions(submitDeps, {
          team: request.team,
          domainName: request.body.domain_name,
          taskNumber: request.body.task_number,
          csv,
          idempotencyKey: request.headers["idempotency-key"],
          traceId: request.id,
          note: request.body.note || null,
          submittedBy: request.account?.id ?? null,
          // Checked: the intake slot goes to the next file while this one is stored and waits.
          onChecked: () => {
            request.log.debug("submission checked; intake slot given back");
            places.get(request)?.leaveSlot();
          },
        });
        app.metrics.countSubmission(replayed ? "replayed" : "accepted");
        return reply.status(status).send(body);
      },
    );
  });

  r.get(
    "/submissions/summary",
    {
      schema: {
        response: { 200: submissionSummaryResponseSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const inForce = await rules();
      return {
        challenges: await challengeSummaries(
          {
            submissions,
            baselines: options.baselines,
            isRevealed,
            dailyLimit: (challenge) => dailyLimitOf(request.team, inForce, challenge),
          },
          request.team,
        ),
        // Asked before an upload, so a client can say "paused" without sending a file.
        submissions_paused: inForce.submissionsPaused,
        pause_message: inForce.submissionsPaused
          ? (inForce.pauseMessage ?? DEFAULT_PAUSE_MESSAGE)
          : null,
      };
    },
  );

  r.get(
    "/submissions/history",
    {
      schema: {
        querystring: submissionHistoryQuerySchema,
        response: {
          200: submissionHistoryResponseSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      const filter: HistoryFilter = {
        ...historyScope(request.query),
        ...(request.query.status ? { status: request.query.status } : {}),
        ...(cursor ? { after: decodeTimeCursor(cursor, HISTORY_SCOPE) } : {}),
      };
      // One row beyond the page says whether there is a next one.
      const [rows, versions, revealed] = await Promise.all([
        submissions.history(request.team.id, limit + 1, filter),
        submissions.answersVersions(),
        isRevealed(),
      ]);
      const page = keysetPage(rows, limit, HISTORY_SCOPE, (row) => timeKey(row.position));
      return {
        submissions: page.items.map((row) =>
          toHistoryItem(row, revealed, versions.get(row.challengeKey)),
        ),
        next_cursor: page.next_cursor,
      };
    },
  );

  r.get(
    "/submissions/:id",
    {
      schema: {
        params: submissionParamsSchema,
        response: { 200: submissionDetailSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const submission = await submissions.findWithSubmitter(request.team.id, request.params.id);
      const answer = submission && (await storedSubmissionDetail(submission, options));
      if (!answer) throw notFound("submission.not_found", "Submission not found");
      return answer;
    },
  );

  r.get(
    "/submissions/:id/file",
    {
      schema: {
        params: submissionParamsSchema,
        produces: ["text/csv"],
        response: {
          200: submissionFileSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const submission = await submissions.fileOfTeam(request.team.id, request.params.id);
      if (!submission) throw notFound("submission.not_found", "Submission not found");
      return sendSubmissionFile(reply, submission);
    },
  );
}

/**
 * The history's domain and challenge filters: `challenge` is a key (`retail-banking/2`), or a number
 * of `domain`; an unknown one is a 404 naming the valid ones, as `/submit` answers.
 */
function historyScope(
  query: SubmissionHistoryQuery,
): Pick<HistoryFilter, "domainSlug" | "challengeKey"> {
  const unknown = (what: string) =>
    notFound("competition.unknown_domain", `Unknown ${what}. Valid: ${validNames()}`);
  const domain = query.domain ? findDomain(query.domain) : undefined;
  if (query.domain && !domain) throw unknown(`domain "${query.domain}"`);
  if (!query.challenge) return domain ? { domainSlug: domain.slug } : {};
  let challenge: Challenge | undefined;
  if (/^\d+$/.test(query.challenge)) {
    if (!domain) {
      throw badRequest(
        "request.invalid",
        "challenge given as a number needs domain too (or give its key, like retail-banking/2)",
        { where: "querystring", fields: { challenge: "needs domain, or a challenge key" } },
      );
    }
    challenge = findChallenge(domain.name, Number(query.challenge));
  } else {
    challenge = challengeByKey(query.challenge.toLowerCase());
    if (challenge && domain && !challenge.key.startsWith(`${domain.slug}/`)) challenge = undefined;
  }
  if (!challenge) throw unknown(`challenge "${query.challenge}"`);
  return { challengeKey: challenge.key };
}

/** preParsing hook: each team may call /submit `max` times per window, whatever it sends. */
function perTeamLimit(
  app: FastifyInstance,
  { max, windowMs }: { max: number; windowMs: number },
): preParsingAsyncHookHandler {
  // Registered by the rate-limit plugin, with its store (Redis when gateways share one).
  const check = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `submit:team:${request.team.id}`,
  });
  return async (request, _reply) => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const seconds = Math.max(1, limit.ttlInSeconds);
      throw new HttpError(429, "rate_limited", MESSAGES.rateLimited(seconds), undefined, {
        retryAfterSeconds: seconds,
      });
    }
  };
}
