import {
  type CreateTeamResponse,
  type JoinTeamResponse,
  jupyterTokenResponseSchema,
  type LeaveTeamResponse,
  type RemoveMemberResponse,
  type RequestActivationResponse,
  type RotateInviteResponse,
  type RotateKeyResponse,
  type StartCompetitionResponse,
  type TeamView,
  teamsResponseSchema,
} from "@tandem/contracts";
import { getToken, saveApiKey } from "../../auth/storage";
import { ApiError, api, NetworkError } from "../client";

/** Whether a team may submit and choose finals: activated, and not disqualified. */
export const canCompete = (team: Pick<TeamView, "status" | "disqualified">): boolean =>
  team.status === "active" && team.disqualified !== true;

import { AuthRequiredError } from "./errors";
import { TEAMS_KEY } from "./keys";

export { AuthRequiredError, TEAMS_KEY };

function requireToken(): string {
  const token = getToken();
  if (!token) throw new AuthRequiredError();
  return token;
}

/**
 * `GET /api/teams`, keeping the team's API key for later requests (docs/product.md#site-calls).
 */
export async function fetchTeams(): Promise<TeamView[]> {
  requireToken();
  let teams: TeamView[];
  try {
    ({ teams } = await api.getParsed(TEAMS_KEY, teamsResponseSchema));
  } catch (error) {
    // docs/product.md#dashboard: a 404 is ignored; the dashboard then shows no team.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
  const team = teams[0];
  // No team (left, dissolved, or removed by the owner): its key is dead and must not travel.
  if (team) saveApiKey(team.api_key);
  else forgetApiKey();
  return teams;
}

export function createTeamRequest(teamName: string): Promise<CreateTeamResponse> {
  requireToken();
  return api.post<CreateTeamResponse>("/teams/create", { team_name: teamName });
}

/**
 * The API names the field `team_id` (docs/product.md#site-calls); its value is the team's secret
 * invite code.
 */
export function joinTeamRequest(inviteCode: string): Promise<JoinTeamResponse> {
  requireToken();
  return api.post<JoinTeamResponse>("/teams/join", { team_id: inviteCode });
}

export async function leaveTeamRequest(): Promise<LeaveTeamResponse> {
  requireToken();
  const response = await api.post<LeaveTeamResponse>("/teams/leave");
  if (response?.success) forgetApiKey();
  return response;
}

export async function rotateKeyRequest(): Promise<RotateKeyResponse> {
  requireToken();
  const response = await api.post<RotateKeyResponse>("/teams/rotate-key");
  if (response?.api_key) saveApiKey(response.api_key);
  return response;
}

export function rotateInviteRequest(): Promise<RotateInviteResponse> {
  requireToken();
  return api.post<RotateInviteResponse>("/teams/rotate-invite");
}

/** Removing a member also replaces the team's API key, which the answer carries. */
export async function removeMemberRequest(userId: string): Promise<RemoveMemberResponse> {
  requireToken();
  const response = await api.post<RemoveMemberResponse>("/teams/remove-member", {
    user_id: userId,
  });
  if (response?.team?.api_key) saveApiKey(response.team.api_key);
  return response;
}

/** Issue 33: asks the organizers to activate the caller's team, with an optional message. */
export function requestActivationRequest(message: string): Promise<RequestActivationResponse> {
  requireToken();
  const trimmed = message.trim();
  return api.post<RequestActivationResponse>(
    "/teams/request-activation",
    trimmed ? { message: trimmed } : {},
  );
}

// The key of a team the user has left must not keep travelling as X-API-Key. auth/storage only
// clears the whole session, so this one key is removed here (same key name as auth/storage).
function forgetApiKey(): void {
  try {
    window.localStorage.removeItem("api_key");
  } catch {
    // Blocked storage holds nothing to forget.
  }
}

function serverErrorOf(body: unknown): string | null {
  if (typeof body === "object" && body !== null && "error" in body) {
    const { error } = body;
    if (typeof error === "string" && error.length > 0) return error;
  }
  return null;
}

/**
 * `POST /api/competition/start` names the team in headers (docs/product.md#site-calls), which
 * `apiRequest` cannot add, so this one call uses fetch itself, with the same errors. A 401 here
 * still signs the user out: the mutation revalidates the teams list through `apiRequest` right
 * after.
 */
export async function startCompetitionRequest(
  team: Pick<TeamView, "id" | "team_name" | "api_key">,
): Promise<StartCompetitionResponse> {
  const token = requireToken();
  let response: Response;
  try {
    response = await fetch("/api/competition/start", {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        Authorization: `Bearer ${token}`,
        "X-API-Key": team.api_key,
        "X-Team-ID": team.id,
        "X-Team-Name": team.team_name,
      },
      body: "{}",
      credentials: "include",
    });
  } catch (error) {
    throw new NetworkError("Unable to reach the server", { cause: error });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) throw new ApiError(response.status, serverErrorOf(body), body);
  return body as StartCompetitionResponse;
}

export interface JupyterLaunch {
  token: string;
  jupyterhubUrl: string;
}

/** `POST /api/jupyter/generate-token`; null when the answer lacks a token or a web address. */
export async function generateJupyterTokenRequest(): Promise<JupyterLaunch | null> {
  requireToken();
  const parsed = jupyterTokenResponseSchema.safeParse(
    await api.post<unknown>("/jupyter/generate-token"),
  );
  if (!parsed.success) return null;
  const { token, jupyterhub_url: url } = parsed.data;
  // Only a web address is opened: anything else (javascript:, data:) would run in a new tab.
  if (!token || !/^https?:\/\//i.test(url)) return null;
  return { token, jupyterhubUrl: url };
}
