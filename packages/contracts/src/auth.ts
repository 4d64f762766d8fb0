import { z } from "zod";
import { MESSAGES } from "./messages";
import { errorCodeSchema } from "./error-codes";

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  status: z.string(),
  admin_access: z.boolean(),
});
export type PublicUser = z.infer<typeof userSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(320),
  password: z.string().min(1, "Password is required").max(1024),
  rememberMe: z.boolean().optional().default(false),
});

export const sessionResponseSchema = z.object({ token: z.string(), user: userSchema });

export const verifyTokenResponseSchema = z.object({
  valid: z.boolean(),
  user: userSchema.optional(),
  error: z.string().optional(),
  code: errorCodeSchema.optional(),
});

/** The earliest and latest graduation year accepted now (SPEC.md §5: this year to +10). */
export function gradYearWindow(now = new Date()): { min: number; max: number } {
  const year = now.getFullYear();
  return { min: year, max: year + 10 };
}

/** The registration payload of SPEC.md §3, as the server receives it. */
export const signupRequestSchema = z
  .object({
    firstName: z.string().trim().min(2, MESSAGES.firstNameMin).max(100),
    lastName: z.string().trim().min(2, MESSAGES.lastNameMin).max(100),
    fullName: z.string().trim().max(201).optional(),
    email: z.string().trim().max(320).pipe(z.email(MESSAGES.emailInvalid)),
    password: z.string().min(6, MESSAGES.passwordMin).max(1024),
    isStudent: z.boolean(),
    position: z.string().trim().min(1, MESSAGES.fieldRequired).max(200),
    area: z.string().trim().min(1, MESSAGES.fieldRequired).max(200),
    gradYear: z.number().int().optional(),
    eligible: z.boolean(),
    ineligibilityType: z.enum(["organizer"]).optional(),
    adminPassword: z.string().max(200).optional(),
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
