import {
  emailVerificationConfirmedSchema,
  emailVerificationSentSchema,
  type MessageResponse,
} from "@tandem/contracts";
import { api } from "../client";

/** `POST /api/auth/email-verification`: mails a link to the signed-in user's address. */
export async function requestVerificationLink(): Promise<MessageResponse> {
  return emailVerificationSentSchema.parse(await api.post<unknown>("/auth/email-verification"));
}

/** `POST /api/auth/email-verification/confirm`: the link's token; answers the address verified. */
export async function confirmVerification(token: string) {
  return emailVerificationConfirmedSchema.parse(
    await api.post<unknown>("/auth/email-verification/confirm", { token }),
  );
}
