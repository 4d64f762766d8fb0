import { PASSWORD_MIN_LENGTH, PERSON_NAME_MIN_LENGTH } from "./rules";

/** User-facing messages, quoted exactly where the spec gave them (docs/product.md#messages). */
export const MESSAGES = {
  firstNameMin: `First name must be at least ${PERSON_NAME_MIN_LENGTH} characters`,
  lastNameMin: `Last name must be at least ${PERSON_NAME_MIN_LENGTH} characters`,
  emailInvalid: "Please enter a valid email",
  passwordMin: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordsDontMatch: "Passwords don't match",
  fieldRequired: "This field is required",
  gradYearRequired: "Graduation year is required for students",
  gradYearRange: (min: number, max: number) => `Graduation year must be between ${min} and ${max}`,
  termsRequired: "You must agree to the Privacy Policy to continue",
  ineligibilityRequired: "Please select why you are not eligible",
  adminPasswordRequired: "Admin password is required for organizers",
  adminPasswordInvalid: "Invalid admin password",
  teamNameRequired: "Team name is required",
  teamNameCharset: "Team name can only contain lowercase letters, numbers, and dashes",
  teamNameWhitespace: "Team name cannot be just whitespace",
  teamNameTaken: (name: string) =>
    `Team name "${name}" is already taken. Please choose a different name.`,
  teamIdRequired: "Team ID is required",
  loginInvalid: "Invalid email or password",
  loginFailedResult: "Invalid email or password. Please check your credentials and try again.",
  networkError:
    "Unable to connect to the server. Please check your internet connection and try again.",
  loginFailedGeneric: "Authentication failed. Please try again.",
  /** Ours: the answer to every path that acts for an account the organizers disabled. */
  accountDisabled:
    "This account has been disabled by the organizers. Contact them if you think this is a mistake.",
  /** Ours, not the spec's: shown under the GitHub button when the server has no GitHub app. */
  githubNotConfigured: "GitHub sign-in is not set up on this server. Use your e-mail and password.",
  /** Ours: a GitHub return link opened in a browser that did not start that sign-in. */
  githubOtherBrowser:
    "This sign-in link was started in another browser, so it cannot sign you in here. To sign in, use Continue with GitHub in this browser.",
  sdkAuthFailed: "Authentication failed. Check your API key and team name.",
  adminPasswordInvalidOnBlur:
    "Invalid admin password. Please check your credentials or select a different option.",
  registrationInvalid: "Please correct the errors before submitting",
  registrationNetworkError:
    "Network Error: Could not connect to the server. Please check your internet connection or try again later.",
  registrationFailed: (message: string) => `Registration failed: ${message}`,
  registrationFailedDefault: "Registration failed",
  registrationFailedRetry: "Registration failed. Please try again.",
  registrationSuccessTitle: "Registration Successful",
  registrationSuccessBody: "Your account has been created successfully!",
  forgotEmailRequired: "Email is required",
  forgotFailed: "Failed to send reset instructions. Please try again.",
  forgotSent: "If an account exists for that email, we have sent password reset instructions.",
  genericError: "An error occurred. Please try again.",
  resetNoToken: "No reset token provided. Please request a new password reset link.",
  resetInvalidToken: "Invalid or expired token. Please request a new password reset link.",
  resetFailed: "Failed to reset password. Please try again.",
  resetError: "An error occurred. Please try again or request a new password reset link.",
  resetPasswordMin: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  resetPasswordsMismatch: "Passwords do not match.",
  debugUnknownError: "Unknown error",
  debugParseToken: "Could not parse token",
  debugLoginFailed: "Login failed. See console for details.",
  debugLoginError: (message: string) => `Login error: ${message}`,
  debugNoToken: "No token found in localStorage",
  debugTokenCopied: "Token copied to clipboard",
  debugHeaderReset: "API client authorization header reset with token from localStorage",
  crossSiteRefused:
    "This request came from another site and was refused. Open Tandem directly and try again.",
  signedOutEverywhere: "You are signed out on every device. Sign in again to continue.",
  /** A /submit body that stopped arriving, or took longer than the deadline (issue 31). */
  bodyTimedOut: (seconds: number) =>
    `The upload did not arrive in time (the server waits at most ${seconds} seconds for a body, and not long between its parts). Check your connection and submit again.`,
  rateLimited: (seconds: number) =>
    `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
} as const;
