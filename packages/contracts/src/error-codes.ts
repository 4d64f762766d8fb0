import { z } from "zod";

/**
 * Every error the API answers with carries one of these codes next to its human `error` text.
 * Clients branch on the code, never on the text (which may be reworded). A code, once published,
 * keeps its meaning; new situations get new codes. Namespaced by what the caller must act on.
 */
export const ERROR_CODES = {
  // The request itself
  "request.invalid":
    "A field, query parameter, path part or header failed validation; `details.fields` names each.",
  "request.invalid_json": "The body is not valid JSON, or is empty where JSON is required.",
  "request.unsupported_media_type": "The Content-Type is not one this route accepts.",
  "request.too_large": "The body is over the route's size limit.",
  "request.timeout":
    "The body did not arrive in time (nothing came for too long, or all of it took too long); send it again.",
  "request.bad_url": "The URL does not decode, or a part of its path is too long.",
  "request.value_refused":
    "A value passed validation but cannot be stored (a NUL character, a number out of range).",
  "request.cross_site": "A cookie-authenticated write came from another site.",
  "request.route_not_found": "No API route has this method and path.",
  rate_limited: "Too many requests or wrong guesses; `Retry-After` says when to try again.",
  internal: "The server failed; nothing about the request is wrong. Retrying later may work.",
  // Accounts and sessions
  "auth.required": "Sign-in is required, or the session has ended.",
  "auth.admin_required": "Only organizers (admin accounts) may do this.",
  "auth.login_invalid": "The e-mail and password do not match an account.",
  "auth.email_taken": "An account with this e-mail address already exists.",
  "auth.token_invalid":
    "The session token, sign-in link or password-reset token is invalid or has expired.",
  "auth.organizer_code_invalid": "The organizer code is wrong.",
  "auth.demo_disabled": "Demo sign-in is not enabled on this deployment.",
  "auth.api_key_invalid": "The team API key (or the team name sent with it) is not valid.",
  "auth.account_disabled":
    "The organizers have disabled this account: it cannot sign in and its sessions have ended.",
  "auth.email_already_verified": "The signed-in user's e-mail address is already verified.",
  "auth.github_other_browser":
    "The GitHub sign-in code belongs to a sign-in started in another browser (its binding cookie is missing or different); start the sign-in in this browser.",
  // Teams
  "team.not_found": "No such team.",
  "team.not_member": "The signed-in user is not in a team.",
  "team.already_member": "The user is already in a team.",
  "team.name_taken": "Another team already has this name.",
  "team.invite_invalid": "No team has this invite code.",
  "team.full": "The team has its maximum number of members.",
  "team.owner_only": "Only the team's creator or owner may do this.",
  "team.member_not_found": "That user is not a member of this team.",
  "team.cannot_remove_self": "A member cannot remove themselves; they leave instead.",
  "team.owner_not_removable": "The team's creator or owner cannot be removed.",
  "team.key_mismatch": "The API key or team name does not belong to this team.",
  "team.inactive": "The team is not activated yet.",
  "team.disqualified": "The organizers disqualified the team: it cannot submit.",
  "team.already_active": "The team is already active: there is nothing to ask for.",
  "team.activation_pending":
    "The team has already asked for activation; an organizer answers on its dashboard and by e-mail.",
  "team.activation_not_requested":
    "The team has no open activation request to decline (none made, already answered, or the team is active).",
  "team.email_unverified":
    "The organizers require a verified e-mail address before creating or joining a team; POST /api/auth/email-verification mails a link.",
  // Competition and submissions
  "competition.unknown_domain": "No domain (or challenge in it) has this name or number.",
  "submission.not_found": "No submission of this team has this id.",
  "submission.invalid":
    "The file failed validation; `details.validation_errors` lists the problems.",
  "submission.daily_limit":
    "The team has used today's submissions for this challenge; `details` has `daily_limit`, `used_today` and `resets_at` (the next UTC midnight). GET /api/submissions/summary says `remaining_today` before an upload.",
  "submission.scoring_unavailable":
    "This challenge cannot be scored yet (its answers are not loaded).",
  "submission.final_limit":
    "The team has already marked as many final submissions for this challenge as it may; `details.marked` lists them. Unmark one (DELETE /api/submissions/{id}/final) first.",
  "submission.final_ineligible":
    "Only a scored submission made inside the competition window (counted) can be marked final.",
  "submission.selection_closed":
    "The competition window has closed: final submissions can no longer be marked or unmarked.",
  "submission.paused":
    "The organizers have paused submissions; `error` carries their message. Nothing was stored: send again later. GET /api/submissions/summary (and /api/config/public) say so before an upload.",
  // Organizers' settings and announcements
  "settings.window_invalid":
    "The competition window would close before it opens (opens_at must be before closes_at, as set or configured).",
  // The competition definition (docs/adr/0014-competition-definition.md)
  "competition.definition_invalid":
    "The competition definition failed validation; `details.issues` lists each problem with its path.",
  "competition.version_stale":
    "The definition was changed since the version this edit started from; `details.version` is the current one. Reload and edit again.",
  "competition.reveal_too_early":
    "The final standings cannot be revealed before the last scored phase has closed; `details.closes_at` says when it does.",
  "competition.date_passed":
    "A phase date that has passed cannot be moved, and no date may be moved into the past; `details.field` names it.",
  "competition.frozen_after_reveal":
    "After the reveal, nothing that decided the ranking (phases, challenges, metrics, splits, final picks) can change.",
  "competition.rescore_required":
    "Changing a challenge's metric, target or split once it has scored submissions needs `rescore: true` in the same request.",
  "competition.challenge_in_use":
    "A domain or challenge that has submissions cannot be removed; `details.challenges` lists them.",
  "competition.split_locked":
    "A challenge's public/private split is fixed once its answers are loaded: change it with `npm run competition:import`, which splits the answers again.",
  "submission.final_frozen":
    "The final standings are revealed: final submissions can no longer be marked or unmarked.",
  "announcement.not_found": "No announcement has this id.",
  "notification.unsubscribe_invalid":
    "The unsubscribe link is not valid (cut short or altered): open the link from the e-mail as it is.",
  // Organizers' console (accounts)
  "admin.user_not_found": "No such user.",
  "admin.self_revoke":
    "An organizer cannot revoke their own admin access (another organizer must), so the console cannot lock everyone out.",
  "admin.self_disable": "An organizer cannot disable their own account.",
  "admin.invitation_not_found": "No organizer invitation has this id.",
  // Organizers' console (submissions and rescoring)
  "admin.submission_not_found": "No submission has this id.",
  "admin.submission_unfinished":
    "The submission is still queued or being scored; rescore it once it has a result.",
  "admin.rescore_not_found": "No rescore of this challenge has been started.",
  "admin.rescore_running":
    "A rescore of this challenge is still running; wait until its `remaining` is 0.",
  // JupyterHub
  "jupyter.not_configured": "JupyterHub is not configured on this deployment.",
  "jupyter.no_team":
    "The user must be in a team to open JupyterHub. No longer sent: organizers open it without a team (issue 33).",
  "jupyter.account_inactive": "The user's account is not active.",
  "jupyter.admin_required": "JupyterHub is open to organizers only at this stage.",
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/** The body of every error answer. */
export const errorEnvelopeSchema = z.object({
  error: z.string().describe("What went wrong, in words a person can act on."),
  code: errorCodeSchema.describe("What went wrong, for programs: branch on this."),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The code of an error answer's body, if it has a known one. */
export function errorCodeOf(body: unknown): ErrorCode | null {
  if (typeof body !== "object" || body === null || !("code" in body)) return null;
  const parsed = errorCodeSchema.safeParse(body.code);
  return parsed.success ? parsed.data : null;
}
