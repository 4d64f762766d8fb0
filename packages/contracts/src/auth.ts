import { z } from "zod";
import { messageResponseSchema, successResponseSchema } from "./common";
import { errorCodeSchema } from "./error-codes";
import { MESSAGES } from "./messages";
import {
  EMAIL_MAX_LENGTH,
  ORGANIZER_CODE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PERSON_NAME_MIN_LENGTH,
} from "./rules";

/** An e-mail address as the server takes it: trimmed, then checked. */
export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email(MESSAGES.emailInvalid));

/** A password being set (sign-up, reset, the SDK's register); `tooShort` is the page's wording. */
export const newPasswordSchema = (tooShort: string) =>
  z.string().min(PASSWORD_MIN_LENGTH, tooShort).max(PASSWORD_MAX_LENGTH);

const personNameSchema = (tooShort: string) =>
  z.string().trim().min(PERSON_NAME_MIN_LENGTH, tooShort).max(PERSON_NAME_MAX_LENGTH);

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  status: z.string(),
  admin_access: z.boolean(),
  /** Whether the owner of the address proved it (a link, a reset, or GitHub). */
  email_verified: z.boolean(),
});
export type PublicUser = z.infer<typeof userSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(EMAIL_MAX_LENGTH),
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean().optional().default(false),
});

export type LoginRequest = z.input<typeof loginRequestSchema>;

export const sessionResponseSchema = z.object({ token: z.string(), user: userSchema });
/** A signed-in session, as sign-up, login, the GitHub code exchange and demo login answer it. */
export type Session = z.infer<typeof sessionResponseSchema>;

export const verifyTokenResponseSchema = z.object({
  valid: z.boolean(),
  user: userSchema.optional(),
  error: z.string().optional(),
  code: errorCodeSchema.optional(),
});
export type VerifyTokenResponse = z.infer<typeof verifyTokenResponseSchema>;

export const logoutResponseSchema = successResponseSchema;
export const logoutEverywhereResponseSchema = messageResponseSchema;

/** The single-use code the GitHub sign-in hands the SPA, traded for a session. */
export const exchangeCodeRequestSchema = z.object({
  code: z.string().trim().min(1, "code is required").max(200),
});

export const organizerCodeRequestSchema = z.object({
  adminPassword: z.string().max(ORGANIZER_CODE_MAX_LENGTH),
});
export const organizerCodeResponseSchema = z.object({ valid: z.boolean() });

/** Where a GitHub sign-in returns to: the site, or the notebook hub. */
export const GITHUB_SIGN_IN_TARGETS = ["tandem", "jupyterhub"] as const;
export type GithubSignInTarget = (typeof GITHUB_SIGN_IN_TARGETS)[number];
export const githubAuthorizeQuerySchema = z.object({
  target: z.enum(GITHUB_SIGN_IN_TARGETS).default("tandem"),
});

/**
 * The earliest and latest graduation year accepted now (docs/product.md#validation-rules: this
 * year to +10).
 */
export function gradYearWindow(now = new Date()): { min: number; max: number } {
  const year = now.getFullYear();
  return { min: year, max: year + 10 };
}

/** The registration payload (docs/product.md#registration), as the server receives it. */
export const signupRequestSchema = z
  .object({
    firstName: personNameSchema(MESSAGES.firstNameMin),
    lastName: personNameSchema(MESSAGES.lastNameMin),
    // "First Last"
    fullName: z
      .string()
      .trim()
      .max(2 * PERSON_NAME_MAX_LENGTH + 1)
      .optional(),
    email: emailSchema,
    password: newPasswordSchema(MESSAGES.passwordMin),
    isStudent: z.boolean(),
    position: z.string().trim().min(1, MESSAGES.fieldRequired).max(200),
    area: z.string().trim().min(1, MESSAGES.fieldRequired).max(200),
    gradYear: z.number().int().optional(),
    eligible: z.boolean(),
    ineligibilityType: z.enum(["organizer"]).optional(),
    adminPassword: z.string().max(ORGANIZER_CODE_MAX_LENGTH).optional(),
    rememberMe: z.boolean().optional().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.isStudent) {
      const { min, max } = gradYearWindow();
      if (value.gradYear === undefined) {
        ctx.addIssue({ code: "custom", path: ["gradYear"], message: MESSAGES.gradYearRequired });
      } else if (value.gradYear < min || value.gradYear > max) {
        ctx.addIssue({
          code: "custom",
          path: ["gradYear"],
          message: MESSAGES.gradYearRange(min, max),
        });
      }
    }
    if (!value.eligible && !value.ineligibilityType) {
      ctx.addIssue({
        code: "custom",
        path: ["ineligibilityType"],
        message: MESSAGES.ineligibilityRequired,
      });
    }
    if (value.ineligibilityType === "organizer" && !value.adminPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["adminPassword"],
        message: MESSAGES.adminPasswordRequired,
      });
    }
  });
export type SignupRequest = z.infer<typeof signupRequestSchema>;
