import { z } from "zod";
import { newPasswordSchema } from "./auth";
import { messageResponseSchema } from "./common";
import { errorEnvelopeSchema } from "./error-codes";
import { MESSAGES } from "./messages";
import { missing } from "./required";
import { EMAIL_MAX_LENGTH } from "./rules";

/** The token of a reset link. */
const resetTokenSchema = z
  .string({ error: missing(MESSAGES.resetNoToken) })
  .trim()
  .min(1, MESSAGES.resetNoToken)
  .max(200);

export const forgotPasswordRequestSchema = z.object({
  email: z
    .string({ error: missing(MESSAGES.forgotEmailRequired) })
    .trim()
    .min(1, MESSAGES.forgotEmailRequired)
    .max(EMAIL_MAX_LENGTH),
});
/** The same answer whether or not the account exists. */
export const forgotPasswordResponseSchema = messageResponseSchema;

export const verifyResetTokenRequestSchema = z.object({ token: resetTokenSchema });
export const verifyResetTokenResponseSchema = z.object({
  valid: z.literal(true),
  user: z.object({ email: z.string(), username: z.string() }),
});
export type VerifyResetTokenResponse = z.infer<typeof verifyResetTokenResponseSchema>;
/** A refused token, or the error envelope of a malformed request. */
export const verifyResetTokenRefusedSchema = errorEnvelopeSchema.extend({
  valid: z.literal(false).optional(),
});

export const resetPasswordRequestSchema = z.object({
  token: resetTokenSchema,
  password: newPasswordSchema(MESSAGES.resetPasswordMin),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export const resetPasswordResponseSchema = messageResponseSchema;
