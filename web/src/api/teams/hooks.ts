import type { TeamView } from "@tandem/contracts";
import useSWR from "swr";
import useSWRMutation from "swr/mutation";
import {
  createTeamRequest,
  fetchTeams,
  generateJupyterTokenRequest,
  joinTeamRequest,
  leaveTeamRequest,
  removeMemberRequest,
  requestActivationRequest,
  rotateInviteRequest,
  rotateKeyRequest,
  startCompetitionRequest,
  TEAMS_KEY,
} from "./requests";

/** The signed-in user's teams (at most one); `enabled: false` asks nothing (nobody signed in). */
export function useTeams(enabled = true) {
  return useSWR(enabled ? TEAMS_KEY : null, fetchTeams);
}

// Each write is keyed by the teams list, so SWR revalidates it after the call, success or not.

export function useCreateTeam() {
  return useSWRMutation(TEAMS_KEY, (_key: string, { arg: teamName }: { arg: string }) =>
    createTeamRequest(teamName),
  );
}

export function useJoinTeam() {
  return useSWRMutation(TEAMS_KEY, (_key: string, { arg: inviteCode }: { arg: string }) =>
    joinTeamRequest(inviteCode),
  );
}

export function useLeaveTeam() {
  return useSWRMutation(TEAMS_KEY, () => leaveTeamRequest());
}

export function useRotateApiKey() {
  return useSWRMutation(TEAMS_KEY, () => rotateKeyRequest());
}

export function useRotateInviteCode() {
  return useSWRMutation(TEAMS_KEY, () => rotateInviteRequest());
}

export function useRemoveMember() {
  return useSWRMutation(TEAMS_KEY, (_key: string, { arg: userId }: { arg: string }) =>
    removeMemberRequest(userId),
  );
}

export function useActivateTeam() {
  return useSWRMutation(TEAMS_KEY, (_key: string, { arg: team }: { arg: TeamView }) =>
    startCompetitionRequest(team),
  );
}

export function useRequestActivation() {
  return useSWRMutation(TEAMS_KEY, (_key: string, { arg: message }: { arg: string }) =>
    requestActivationRequest(message),
  );
}

/** A token for the notebook hub; nothing cached changes. */
export function useJupyterToken() {
  return useSWRMutation("/jupyter/generate-token", () => generateJupyterTokenRequest());
}
