import { MESSAGES } from "@tandem/contracts";
import { ApiError, NetworkError } from "../api/client";

export const INVALID_CREDENTIALS_MESSAGE = MESSAGES.loginFailedResult;

/** docs/product.md#sign-in: network failure, the server's error text, else the generic message. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return MESSAGES.networkError;
  if (error instanceof ApiError && error.serverError) return error.serverError;
  return MESSAGES.loginFailedGeneric;
}
