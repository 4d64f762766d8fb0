import type { ErrorCode } from "@tandem/contracts";

/** An error whose message is safe and useful to show the caller, with its code for programs. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Sent as `Retry-After` (429 and 503 answers). */
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCode, message: string, details?: Record<string, unknown>) =>
  new HttpError(400, code, message, details);
export const unauthorized = (code: ErrorCode, message: string) => new HttpError(401, code, message);
export const forbidden = (code: ErrorCode, message: string) => new HttpError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new HttpError(404, code, message);
export const conflict = (code: ErrorCode, message: string) => new HttpError(409, code, message);
