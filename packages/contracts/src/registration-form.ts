import { z } from "zod";
import { gradYearWindow, type SignupRequest } from "./auth";
import { MESSAGES } from "./messages";
import { PASSWORD_MIN_LENGTH, PERSON_NAME_MIN_LENGTH } from "./rules";

/**
 * The registration form as the browser holds it (docs/product.md#registration). Inputs give
 * what they give: an emptied number input is "", an unselected select is null.
 */
export interface RegistrationFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  isStudent: boolean;
  position: string;
  area: string;
  gradYear: number | string;
  termsAccepted: boolean;
  eligibilityConfirmed: boolean;
  ineligibilityType: string | null;
  adminPassword: string;
}

export type RegistrationField = keyof RegistrationFormValues;

export const INELIGIBILITY_TYPES = [{ value: "organizer", label: "Organizer" }] as const;

export const REGISTRATION_FORM_DEFAULTS: RegistrationFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  password: "",
  confirmPassword: "",
  isStudent: true,
  position: "",
  area: "",
  gradYear: "",
  termsAccepted: false,
  eligibilityConfirmed: true,
  ineligibilityType: null,
  adminPassword: "",
};

/**
 * The three steps (docs/product.md#registration): each step's Continue validates only its own
 * fields.
 */
export const REGISTRATION_STEPS = [
  { label: "Basic Info", fields: ["firstName", "lastName", "email"] },
  { label: "Profile", fields: ["isStudent", "position", "area", "gradYear"] },
  {
    label: "Security",
    fields: [
      "password",
      "confirmPassword",
      "eligibilityConfirmed",
      "ineligibilityType",
      "adminPassword",
      "termsAccepted",
    ],
  },
] as const satisfies readonly { label: string; fields: readonly RegistrationField[] }[];

function isOrganizer(values: RegistrationFormValues): boolean {
  return !values.eligibilityConfirmed && values.ineligibilityType === "organizer";
}

/** A form's second password field must repeat the first. */
function confirmPassword(
  values: { password: string; confirmPassword: string },
  ctx: z.RefinementCtx,
  message: string,
) {
  if (values.confirmPassword !== values.password) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message });
  }
}

/**
 * docs/product.md#validation-rules. The organizer code itself is not checked here: only the
 * server knows it (docs/architecture.md#accounts-and-sessions), so this only requires that one
 * is given.
 */
export const registrationFormSchema = z
  .object({
    firstName: z.string().trim().min(PERSON_NAME_MIN_LENGTH, MESSAGES.firstNameMin),
    lastName: z.string().trim().min(PERSON_NAME_MIN_LENGTH, MESSAGES.lastNameMin),
    email: z.string().trim().pipe(z.email(MESSAGES.emailInvalid)),
    password: z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordMin),
    confirmPassword: z.string(),
    isStudent: z.boolean(),
    position: z.string().trim().min(1, MESSAGES.fieldRequired),
    area: z.string().trim().min(1, MESSAGES.fieldRequired),
    gradYear: z.union([z.number(), z.string()]),
    termsAccepted: z.boolean().refine((accepted) => accepted, MESSAGES.termsRequired),
    eligibilityConfirmed: z.boolean(),
    ineligibilityType: z.string().nullable(),
    adminPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    confirmPassword(values, ctx, MESSAGES.passwordsDontMatch);
    if (values.isStudent) {
      const { min, max } = gradYearWindow();
      const year = values.gradYear;
      if (typeof year !== "number") {
        ctx.addIssue({ code: "custom", path: ["gradYear"], message: MESSAGES.gradYearRequired });
      } else if (!Number.isInteger(year) || year < min || year > max) {
        // Same text as the server's signupRequestSchema; MESSAGES has no entry for it yet.
        ctx.addIssue({
          code: "custom",
          path: ["gradYear"],
          message: MESSAGES.gradYearRange(min, max),
        });
      }
    }
    if (!values.eligibilityConfirmed && values.ineligibilityType !== "organizer") {
      ctx.addIssue({
        code: "custom",
        path: ["ineligibilityType"],
        message: MESSAGES.ineligibilityRequired,
      });
    }
    if (isOrganizer(values) && values.adminPassword.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["adminPassword"],
        message: MESSAGES.adminPasswordRequired,
      });
    }
  });

/**
 * The registration payload (docs/product.md#registration): optional fields are present only
 * when they apply.
 */
export function toSignupPayload(values: RegistrationFormValues): SignupRequest {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  return {
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    email: values.email.trim(),
    password: values.password,
    isStudent: values.isStudent,
    position: values.position.trim(),
    area: values.area.trim(),
    ...(values.isStudent && typeof values.gradYear === "number"
      ? { gradYear: values.gradYear }
      : {}),
    eligible: values.eligibilityConfirmed,
    // Organizer is the only reason offered, so "not eligible" and "organizer" coincide.
    ...(isOrganizer(values)
      ? { ineligibilityType: "organizer" as const, adminPassword: values.adminPassword }
      : {}),
    rememberMe: true,
  };
}

export const forgotPasswordFormSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.forgotEmailRequired),
});
export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.resetPasswordMin),
    confirmPassword: z.string(),
  })
  .superRefine((values, ctx) => confirmPassword(values, ctx, MESSAGES.resetPasswordsMismatch));
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;
