import {
  type MessageResponse,
  type ResetPasswordRequest,
  type VerifyResetTokenResponse,
  verifyResetTokenResponseSchema,
} from "@tandem/contracts";
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import { ApiError, api } from "../client";

/** `POST /api/forgot-password`: the same answer whether or not the account exists. */
export function useForgotPassword() {
  return useSWRMutation("/forgot-password", (path: string, { arg: email }: { arg: string }) =>
    api.post<MessageResponse | undefined>(path, { email }),
  );
}

export type ResetTokenCheck =
  | ({ valid: true } & VerifyResetTokenResponse["user"])
  | { valid: false };

async function verifyResetToken(token: string): Promise<ResetTokenCheck> {
  try {
    const parsed = verifyResetTokenResponseSchema.safeParse(
      await api.post<unknown>("/verify-reset-token", { token }),
    );
    if (!parsed.success) return { valid: false };
    return { valid: true, ...parsed.data.user };
  } catch (error) {
    // 400 `{ valid: false, error }` is the answer for a bad token, not a failure.
    if (error instanceof ApiError && error.status === 400) return { valid: false };
    throw error;
  }
}

/** Checks a reset link's token once; a null token makes no call. */
export function useResetToken(token: string | null) {
  return useSWR(token ? ["/verify-reset-token", token] : null, ([, key]) => verifyResetToken(key), {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}

export function useResetPassword() {
  return useSWRMutation("/reset-password", (path: string, { arg }: { arg: ResetPasswordRequest }) =>
    api.post<MessageResponse | undefined>(path, arg),
  );
}
