import { MESSAGES, TEAM_MESSAGES } from "@tandem/contracts";
import { ApiError, hasErrorCode, NetworkError } from "../../api/client";
import { AuthRequiredError } from "../../api/teams/errors";

/** Why a team call failed, for "Error creating team: {reason}" and the like. */
export function failureReason(error: unknown): string {
  if (error instanceof AuthRequiredError) return TEAM_MESSAGES.authRequired;
  if (error instanceof ApiError && error.serverError) return error.serverError;
  if (error instanceof NetworkError) return MESSAGES.networkError;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/** The server's own words, when it gave any (shown under the spec's message). */
export function serverDetail(error: unknown): string | null {
  if (error instanceof AuthRequiredError) return TEAM_MESSAGES.authRequired;
  if (error instanceof ApiError) return error.serverError;
  if (error instanceof NetworkError) return MESSAGES.networkError;
  return null;
}

/** docs/product.md#dashboard: the body of the dashboard's load error. */
export function teamsLoadErrorMessage(error: unknown): string {
  return error instanceof AuthRequiredError
    ? TEAM_MESSAGES.authRequired
    : TEAM_MESSAGES.loadTeamsFailed;
}

/** A taken name is the name field's problem; anything else is about the request. */
export function createTeamFailure(error: unknown): { field: string } | { alert: string } {
  if (hasErrorCode(error, "team.name_taken") && error.serverError) {
    return { field: error.serverError };
  }
  return { alert: TEAM_MESSAGES.createError(failureReason(error)) };
}

/** The JupyterHub messages (docs/product.md#jupyterhub), for a call that threw. */
export function jupyterErrorMessage(error: unknown): string {
  if (hasErrorCode(error, "jupyter.no_team")) return TEAM_MESSAGES.jupyterNoTeam;
  if (hasErrorCode(error, "jupyter.account_inactive")) return TEAM_MESSAGES.jupyterInactive;
  return (error instanceof ApiError ? error.serverError : null) ?? TEAM_MESSAGES.jupyterFailed;
}
