import type { ErrorCode } from "@tandem/contracts";
import { describeDatabaseError } from "@tandem/db";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "../lib/http-error";
import { readableProblems, type ValidationIssue, type Where } from "../lib/validation-messages";

/** One error envelope, `{ error, code, details? }`; a 5xx never echoes internals. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(handleError);
  },
  { name: "error-handler", dependencies: [] },
);

/**
 * Fastify's `frameworkErrors` option: a URL whose escapes do not decode, or a path parameter
 * over the router's length limit, answered in the same envelope as every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  handleError(error, request, reply);
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    const { retryAfterSeconds } = error.options;
    if (retryAfterSeconds !== undefined) reply.header("retry-after", String(retryAfterSeconds));
    return sendEnvelope(reply, error.statusCode, error.code, error.message, error.details);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = (error.validationContext ?? "body") as Where;
    return sendValidationErrors(reply, where, error.validation as unknown as ValidationIssue[]);
  }
  const database = describeDatabaseError(error);
  const refused = database?.code ? REFUSED_VALUES[database.code] : undefined;
  if (refused) {
    // Input the schemas let through but Postgres cannot hold (a NUL in text): the caller's to fix.
    request.log.warn({ err: error }, "request value refused by the database");
    return sendEnvelope(reply, 400, "request.value_refused", refused);
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return sendEnvelope(reply, status, "internal", "Internal server error");
  }
  return sendEnvelope(reply, status, codeOf(error, status), clientMessage(error));
}

/**
 * Sends the envelope as plain JSON: a route's response schema describes its own answers, and an
 * error shaped differently must not fail serialization into a 500.
 */
function sendEnvelope(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  error: string,
  details?: Record<string, unknown>,
) {
  return reply
    .status(status)
    .type("application/json; charset=utf-8")
    .serializer(JSON.stringify)
    .send(details ? { error, code, details } : { error, code });
}

/** Database refusals caused by the value sent, not by the server. */
const REFUSED_VALUES: Record<string, string> = {
  "22021": "The request contains a character that cannot be stored, such as a NUL character.",
  "22P05": "The request contains a character that cannot be stored, such as a NUL character.",
  "22001": "A value in the request is too long.",
  "22003": "A number in the request is out of range.",
  "22P02": "A value in the request is not in the expected format.",
};

/** The code of a framework or plugin error that reached the handler as a 4xx. */
function codeOf(error: FastifyError, status: number): ErrorCode {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "request.invalid_json";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "request.unsupported_media_type";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "request.too_large";
    case "FST_ERR_BAD_URL":
    case "FST_ERR_MAX_PARAM_LENGTH":
      return "request.bad_url";
    default:
      if (status === 429) return "rate_limited";
      if (status === 413) return "request.too_large";
      if (status === 415) return "request.unsupported_media_type";
      return "request.invalid";
  }
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "Request body is not valid JSON";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type; send application/json";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "Request body is too large";
    case "FST_ERR_BAD_URL":
      return "The URL is not valid: a %-escape in its path does not decode to text.";
    case "FST_ERR_MAX_PARAM_LENGTH":
      return "A part of the URL path is too long.";
    default:
      return error.message;
  }
}

/**
 * `error` is the first problem as a person can act on it: the schema's own message (the
 * spec's text where it has one, docs/product.md#messages), or for zod's generic defaults a sentence
 * naming the field. `details` keeps every problem for programs and for forms that mark fields.
 */
function sendValidationErrors(reply: FastifyReply, where: Where, issues: ValidationIssue[]) {
  const problems = readableProblems(where, issues);
  const fields: Record<string, string> = {};
  for (const { field, message } of problems) {
    if (field && !(field in fields)) fields[field] = message;
  }
  return sendEnvelope(
    reply,
    400,
    "request.invalid",
    problems[0]?.message ?? "The request is not valid.",
    {
      where,
      validation_errors: problems.map(({ field, message }) =>
        field ? `${field}: ${message}` : message,
      ),
      fields,
    },
  );
}
