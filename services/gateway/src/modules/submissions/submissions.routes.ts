import { DOMAINS, findChallenge, findDomain, METRICS } from "@tandem/competition";
import {
  errorResponseSchema as errorSchema,
  MESSAGES,
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
import { z } from "zod";
import type { ScoringDispatcher } from "../../dispatch/dispatcher";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/http-error";
import {
  createSubmissionParser,
  type SubmissionParser,
} from "../../lib/submission-parser/submission-parser";
import { scoredOnEarlierAnswers, toSubmitResponse } from "./submission-view";
import type { SubmissionsRepository } from "./submissions.repository";

/** A resent identical payload inside this window is the same submission (older clients retry POSTs). */
const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

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
}

function validNames(): string {
  return DOMAINS.map(
    (d) => `${d.name} (challenges ${d.challenges.map((c) => c.number).join(", ")})`,
  ).join("; ");
}

/** SDK routes, authenticated by the team's API key. */
export async function submissionRoutes(app: FastifyInstance, options: SubmissionRoutesOptions) {
  const { submissions, getAnswers, dispatcher, competitionWindow } = options;
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
          headers: z.object({ "idempotency-key": z.string().trim().min(1).max(200).optional() }),
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
        const { domain_name, task_number } = request.body;
        const csv = files.get(request);
        files.delete(request);
        // The schema accepts no body without a file, and every file read is kept.
        if (!csv) throw new Error("The body's file was not kept for its check");
        const team = request.team;
        const challenge = findChallenge(domain_name, task_number);
        if (!challenge) {
          throw notFound(
            "competition.unknown_domain",
            `Unknown domain or challenge "${domain_name}" ${task_number}. Valid: ${validNames()}`,
          );
        }
        if (team.status !== "active") {
          throw forbidden(
            "team.inactive",
            "Your team must be activated before it can submit. Ask an organizer to activate it.",
          );
        }
        const answers = await getAnswers(challenge);
        if (!answers)
          throw new HttpError(503, "submission.scoring_unavailable", `Scoring for ${challenge.key} is not available yet.`);

        const expectedRows = answers.table.positions.size;
        request.log.debug(
          { challenge: challenge.key, bytes: csv.byteLength },
          "checking submission",
        );
        const checked = await parser.check(csv, challenge, answers);
        if (!checked.ok) {
          throw badRequest("submission.invalid", `Submission failed validation: ${checked.errors[0]}`, {
            validation_errors: checked.errors,
            expected_format: challenge.header.join(","),
            actual_rows: checked.rowCount,
            expected_rows: expectedRows,
          });
        }

        const idempotencyKey = request.headers["idempotency-key"];
        let submission = idempotencyKey
          ? await submissions.findByIdempotencyKey(team.id, idempotencyKey)
          : undefined;
        if (!submission) {
          const now = new Date();
          const dayStart = new Date(
            Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()),
          );
          const inserted = await submissions.insertWithinLimit(
            {
              teamId: team.id,
              challengeKey: challenge.key,
              predictions: checked.predictions,
              payloadHash: checked.payloadHash,
              rowCount: checked.rowCount,
              metricName: METRICS[challenge.metric].name,
              counted: now >= competitionWindow.opensAt && now <= competitionWindow.closesAt,
              idempotencyKey: idempotencyKey ?? null,
            },
            {
              perDay: options.dailyLimit,
              since: dayStart,
              // The Idempotency-Key says what a retry is; without one, an identical file is.
              ...(idempotencyKey
                ? {}
                : { duplicatesSince: new Date(now.getTime() - DUPLICATE_WINDOW_MS) }),
            },
          );
          if ("limited" in inserted) {
            const resets = new Date(dayStart.getTime() + 86_400_000);
            reply.header(
              "retry-after",
              String(Math.ceil((resets.getTime() - now.getTime()) / 1000)),
            );
            throw new HttpError(
              429,
              "submission.daily_limit",
              `Daily limit reached: ${options.dailyLimit} submissions per day for ${challenge.key}. It resets at ${resets.toISOString()}.`,
            );
          }
          submission =
            "duplicate" in inserted
              ? inserted.duplicate
              : (inserted.row ??
                // Lost an idempotency-key race with a concurrent retry: answer with the winner.
                (await submissions.findByIdempotencyKey(team.id, idempotencyKey ?? "")));
          if (!submission) throw new Error("Submission insert returned nothing");
        }

        if (submission.status === "queued" || submission.status === "scoring") {
          await dispatcher.dispatch(submission.id, { traceId: request.id, waitMs: options.waitMs });
          submission = (await submissions.findForTeam(team.id, submission.id)) ?? submission;
        }
        const body = toSubmitResponse(submission, challenge, expectedRows, answers.version);
        const status = (
          { queued: 202, scoring: 202, scored: 200, invalid: 400, failed: 503 } as const
        )[submission.status];
        return reply.status(status).send(body);
      },
    );
  });

  const historyItem = z.object({
    submission_id: z.string(),
    domain: z.string(),
    challenge: z.number().int(),
    challenge_key: z.string(),
    status: z.string(),
    score: z.number().nullable(),
    metric_name: z.string(),
    counted: z.boolean(),
    row_count: z.number().int(),
    error: z.string().nullable(),
    created_at: z.string(),
    scored_at: z.string().nullable(),
    scored_on_earlier_answers: z.boolean(),
  });
  r.get(
    "/submissions/history",
    {
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(500).default(50),
          domain: z.string().trim().max(100).optional(),
        }),
        response: { 200: z.object({ submissions: z.array(historyItem) }), 404: errorSchema },
      },
    },
    async (request) => {
      const domain = request.query.domain ? findDomain(request.query.domain) : undefined;
      if (request.query.domain && !domain)
        throw notFound(
          "competition.unknown_domain",
          `Unknown domain "${request.query.domain}". Valid: ${validNames()}`,
        );
      const [rows, versions] = await Promise.all([
        submissions.history(request.team.id, {
          limit: request.query.limit,
          ...(domain ? { domainSlug: domain.slug } : {}),
        }),
        submissions.answersVersions(),
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
            score: row.metricValue,
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
        params: z.object({ id: z.string().uuid("Submission id must be a UUID") }),
        response: { 200: submitResponseSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const submission = await submissions.findForTeam(request.team.id, request.params.id);
      const [slug, number] = submission ? submission.challengeKey.split("/") : [];
      const challenge = slug && number ? findChallenge(slug, Number(number)) : undefined;
      if (!submission || !challenge) throw notFound("submission.not_found", "Submission not found");
      const answers = await getAnswers(challenge);
      return toSubmitResponse(
        submission,
        challenge,
        answers?.table.positions.size ?? submission.rowCount,
        answers?.version,
      );
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
  return async (request, reply) => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const seconds = Math.max(1, limit.ttlInSeconds);
      reply.header("retry-after", String(seconds));
      throw new HttpError(429, "rate_limited", MESSAGES.rateLimited(seconds));
    }
  };
}
