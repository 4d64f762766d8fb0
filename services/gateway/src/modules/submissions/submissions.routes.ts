import { findDomain } from "@tandem/competition";
import {
  errorResponseSchema as errorSchema,
  MESSAGES,
  submissionHistoryQuerySchema,
  submissionHistoryResponseSchema,
  submissionParamsSchema,
  submitHeadersSchema,
  submitRequestSchema,
  submitResponseSchema,
} from "@tandem/contracts";
import type { AnswersLookup } from "@tandem/scoring";
import {
  errorCodes,
  type FastifyInstance,
  type FastifyRequest,
  type preParsingAsyncHookHandler,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ScoringDispatcher } from "../../dispatch/dispatcher";
import { HttpError, notFound } from "../../lib/http-error";
import {
  createSubmissionParser,
  type SubmissionParser,
} from "../../lib/submission-parser/submission-parser";
import { scoredOnEarlierAnswers, shownScore, storedSubmissionAnswer } from "./submission-view";
import type { SubmissionsRepository } from "./submissions.repository";
import { type SubmitDeps, submitPredictions, validNames } from "./submit-predictions";

export interface SubmissionRoutesOptions {
  submissions: SubmissionsRepository;
  getAnswers: AnswersLookup;
  dispatcher: ScoringDispatcher;
  competitionWindow: { opensAt: Date; closesAt: Date };
  waitMs: number;
  /** Submissions a team may make per challenge per UTC day. */
  dailyLimit: number;
  /** The largest /submit body (the app-wide limit is for small JSON). Default 50 MB. */
  bodyLimitBytes?: number;
  /** Calls to /submit per team per `rateLimitWindowMs`, invalid ones included. Default 120. */
  submitPerTeam?: number;
  /** Default 15 minutes. */
  rateLimitWindowMs?: number;
  /** Threads that parse submitted files. Default 2. */
  parseThreads?: number;
  /** A parser of one's own (tests, benchmarks); `parseThreads` is then unused. */
  parser?: SubmissionParser;
  /** Whether the final standings are revealed: then the scores shown are the private ones. */
  isRevealed: () => Promise<boolean>;
}

/** SDK routes, authenticated by the team's API key. */
export async function submissionRoutes(app: FastifyInstance, options: SubmissionRoutesOptions) {
  const { submissions, getAnswers, dispatcher, competitionWindow, isRevealed } = options;
  app.addHook("onRequest", app.authenticateTeam);
  const parser =
    options.parser ??
    createSubmissionParser({ threads: options.parseThreads ?? 2, logger: app.log });
  if (!options.parser) app.addHook("onClose", () => parser.close());
  const limitPerTeam = perTeamLimit(app, {
    max: options.submitPerTeam ?? 120,
    windowMs: options.rateLimitWindowMs ?? 15 * 60 * 1000,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const submitDeps: SubmitDeps = {
    submissions,
    getAnswers,
    dispatcher,
    check: (csv, challenge, answers) => parser.check(csv, challenge, answers),
    competitionWindow,
    waitMs: options.waitMs,
    dailyLimit: options.dailyLimit,
    isRevealed,
  };

  // /submit alone, in a scope of its own, reads its body on a parser thread (other routes keep
  // app.ts's JSON parser): for a file of tens of MB, decoding and parsing the JSON would hold up
  // every other request for a large fraction of a second. The route's schema then validates the
  // body as usual, the file in it replaced by a stand-in: the file itself, as bytes, stays in
  // `files` until it is checked on a parser thread too.
  const files = new WeakMap<FastifyRequest, Uint8Array>();
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    const readBody = async (request: FastifyRequest, body: Buffer) => {
      request.log.debug({ bytes: body.length }, "reading submission body");
      const read = await parser.readBody(body);
      if (read.kind === "invalid-json") throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
      if (read.csv) files.set(request, read.csv);
      return read.body;
    };
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, readBody);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/submit",
      {
        bodyLimit: options.bodyLimitBytes ?? 50 * 1024 * 1024,
        // Before the body is read: a team over its limit costs no parsing at all.
        preParsing: limitPerTeam,
        schema: {
          body: submitRequestSchema,
          headers: submitHeadersSchema,
          response: {
            200: submitResponseSchema,
            202: submitResponseSchema,
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
        const { status, body } = await submitPredictions(submitDeps, {
          team: request.team,
          domainName: request.body.domain_name,
          taskNumber: request.body.task_number,
          csv,
          idempotencyKey: request.headers["idempotency-key"],
          traceId: request.id,
        });
        return reply.status(status).send(body);
      },
    );
  });

  r.get(
    "/submissions/history",
    {
      schema: {
        querystring: submissionHistoryQuerySchema,
        response: { 200: submissionHistoryResponseSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const domain = request.query.domain ? findDomain(request.query.domain) : undefined;
      if (request.query.domain && !domain)
        throw notFound(
          "competition.unknown_domain",
          `Unknown domain "${request.query.domain}". Valid: ${validNames()}`,
        );
      const [rows, versions, revealed] = await Promise.all([
        submissions.history(request.team.id, {
          limit: request.query.limit,
          ...(domain ? { domainSlug: domain.slug } : {}),
        }),
        submissions.answersVersions(),
        isRevealed(),
      ]);
      return {
        submissions: rows.map((row) => {
          const [slug, number] = row.challengeKey.split("/");
          return {
            submission_id: row.id,
            domain: findDomain(slug ?? "")?.name ?? slug ?? "",
            challenge: Number(number),
            challenge_key: row.challengeKey,
            status: row.status,
            ...shownScore(row, revealed),
            metric_name: row.metricName,
            counted: row.counted,
            row_count: row.rowCount,
            error: row.errorMessage,
            created_at: row.createdAt.toISOString(),
            scored_at: row.scoredAt?.toISOString() ?? null,
            scored_on_earlier_answers: scoredOnEarlierAnswers(row, versions.get(row.challengeKey)),
          };
        }),
      };
    },
  );

  r.get(
    "/submissions/:id",
    {
      schema: {
        params: submissionParamsSchema,
        response: { 200: submitResponseSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const submission = await submissions.findForTeam(request.team.id, request.params.id);
      const answer = submission && (await storedSubmissionAnswer(submission, options));
      if (!answer) throw notFound("submission.not_found", "Submission not found");
      return answer;
    },
  );
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
