import type { ActivationRequestView } from "@tandem/contracts";
import type { Team } from "@tandem/db";

type RequestColumns = Pick<
  Team,
  | "status"
  | "disqualifiedAt"
  | "activationRequestedAt"
  | "activationRequestMessage"
  | "activationDeclinedAt"
  | "activationDeclineReason"
>;

/**
 * The team's activation request (issue 33) as members and organizers see it: `waiting` while
 * an inactive team's request is unanswered, `declined` once an organizer said no; null when it
 * has none (never asked, or activated, which clears the request).
 */
export function activationRequestOf(team: RequestColumns): ActivationRequestView | null {
  if (!team.activationRequestedAt || team.status !== "inactive") return null;
  return {
    state: team.activationDeclinedAt ? "declined" : "waiting",
    requested_at: team.activationRequestedAt.toISOString(),
    message: team.activationRequestMessage,
    declined_at: team.activationDeclinedAt?.toISOString() ?? null,
    decline_reason: team.activationDeclinedAt ? team.activationDeclineReason : null,
  };
}
