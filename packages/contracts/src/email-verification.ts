import { z } from "zod";

/** How long a verification link works, and how many a user may ask for in an hour. */
export const EMAIL_VERIFICATION_RULES = {
  lifetimeHours: 24,
  linksPerHour: 3,
} as const;

/** Ours (the spec has no verification): what the dashboard and the API say about it. */
export const EMAIL_VERIFICATION_MESSAGES = {
  sent: (email: string) =>
    `We have sent a verification link to ${email}. Open it within ${EMAIL_VERIFICATION_RULES.lifetimeHours} hours to verify your address.`,
  alreadyVerified: "Your e-mail address is already verified.",
  tooMany: (seconds: number) =>
    `You have asked for ${EMAIL_VERIFICATION_RULES.linksPerHour} verification links in the last hour. Use the newest one, or ask again in ${Math.ceil(seconds / 60)} minutes.`,
  confirmed: "Your e-mail address is verified.",
  linkInvalid:
    "This verification link is invalid, already used or expired. Ask for a new one from your dashboard.",
  required:
    "The organizers require a verified e-mail address before you create or join a team. Verify your address from your dashboard: we send you a link.",
  banner: "Your e-mail address is not verified yet.",
} as const;

/** `POST /api/auth/email-verification`: a link was mailed to the signed-in user's address. */
export const emailVerificationSentSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});

/** `POST /api/auth/email-verification/confirm`: the token of the mailed link. */
export const emailVerificationConfirmSchema = z.object({
  token: z.string().trim().min(1, "token is required").max(200),
});

export const emailVerificationConfirmedSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  email: z.string().describe("The address now verified"),
});
