import { ApiError, hasErrorCode, NetworkError } from "../../api/client";

/**
 * What to tell an organizer about a failed console call, chosen by the answer's code; the
 * server's own sentence where the code has no better one.
 */
export function adminFailure(error: unknown): string {
  if (hasErrorCode(error, "admin.self_revoke"))
    return "You cannot revoke your own admin access; another organizer can.";
  if (hasErrorCode(error, "admin.self_disable")) return "You cannot disable your own account.";
  if (hasErrorCode(error, "auth.admin_required"))
    return "Your account no longer has admin access. Sign in again or ask another organizer.";
  if (hasErrorCode(error, "team.not_found")) return "This team no longer exists.";
  if (hasErrorCode(error, "admin.user_not_found")) return "This user no longer exists.";
  if (hasErrorCode(error, "admin.submission_not_found")) return "This submission no longer exists.";
  if (hasErrorCode(error, "admin.submission_unfinished"))
    return "The submission is still queued or being scored; rescore it once it has a result.";
  if (hasErrorCode(error, "admin.rescore_running"))
    return "A rescore of this challenge is still running; wait until it has finished.";
  if (hasErrorCode(error, "team.activation_not_requested"))
    return "This team has no activation request waiting any more (answered, or activated meanwhile).";
  if (hasErrorCode(error, "announcement.not_found")) return "This announcement no longer exists.";
  if (hasErrorCode(error, "admin.invitation_not_found")) return "This invitation no longer exists.";
  if (error instanceof ApiError && error.serverError) return error.serverError;
  if (error instanceof NetworkError) return "The server could not be reached. Try again.";
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/** `details.fields` of a validation refusal: the field's name and its problem. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== "request.invalid") return {};
  const body = error.body as { details?: { fields?: unknown } } | null;
  const fields = body?.details?.fields;
  if (typeof fields !== "object" || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}
