import { serializeError } from "@tandem/db";
import pino, { type Logger } from "pino";

/*
 * What may reach a log line, for the gateway, the scoring worker and the embedded server alike:
 * no credential (headers, fields, query values) and no value a database error echoes.
 */

export const LOG_CENSOR = "[redacted]";

export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  "*.password",
  "*.passwordHash",
  "*.adminPassword",
  "*.token",
  "*.api_key",
  "*.apiKey",
  // Hub sign-in links carry a token in their query string.
  "*.jupyterhub_url",
  'res.headers["location"]',
];

/**
 * Query parameters whose values are credentials: reset and sign-in tokens, OAuth codes and
 * state, keys. Matched case-insensitively anywhere in the decoded name (`api_key`, `hubToken`).
 */
const SECRET_PARAMETER = /token|key|secret|code|state|passw|pwd|auth|session|signature|jwt|otp/i;

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}

/** `url` with the value of every secret-looking query parameter replaced; never throws. */
export function redactUrl(url: string): string {
  const start = url.indexOf("?");
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split("&")
    .map((part) => {
      const equals = part.indexOf("=");
      if (equals === -1) return part;
      const name = part.slice(0, equals);
      return SECRET_PARAMETER.test(decodeName(name)) ? `${name}=${LOG_CENSOR}` : part;
    });
  return `${url.slice(0, start)}?${query.join("&")}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remoteAddress?: string; remotePort?: number } | null;
}

/** Fastify's request serializer, but the URL without secret query values. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === "string" ? redactUrl(request.url) : request.url,
    version: request.headers?.["accept-version"],
    host: request.host ?? request.hostname,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

export const logSerializers = { req: serializeRequest, err: serializeError };

const redact = { paths: REDACTED_PATHS, censor: LOG_CENSOR };

/** A process's logger, with the serializers and redactions above. */
export function createLogger(level: string, name: string): Logger {
  return pino({ level, name, serializers: logSerializers, redact });
}

/**
 * Whatever logger a caller built (a test's capture, the process logger), made safe the same way:
 * the gateway wraps the logger it is handed, so no request logs a secret.
 */
export function withLogSafety(logger: Logger): Logger {
  return logger.child({}, { serializers: logSerializers, redact });
}
