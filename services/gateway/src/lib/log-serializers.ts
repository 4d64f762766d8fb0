import { serializeError } from "@tandem/db";
import type { Logger } from "pino";

export const LOG_CENSOR = "[redacted]";

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

/**
 * The logger the gateway hands Fastify: whatever the caller built (a test's capture, the
 * process logger), with the serializers and redaction above, so no request logs a secret.
 */
export function withLogSafety(logger: Logger, redact: string[]): Logger {
  return logger.child(
    {},
    { serializers: logSerializers, redact: { paths: redact, censor: LOG_CENSOR } },
  );
}
