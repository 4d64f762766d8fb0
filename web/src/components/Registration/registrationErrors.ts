import { MESSAGES } from "@tandem/contracts";
import { ApiError, NetworkError } from "../../api/client";

/**
 * docs/product.md#registration: the server's error, else network failure, else the thrown
 * message.
 */
export function registrationErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverError) return error.serverError;
  if (error instanceof NetworkError) return MESSAGES.registrationNetworkError;
  if (error instanceof Error && error.message) return MESSAGES.registrationFailed(error.message);
  return MESSAGES.registrationFailedRetry;
}
