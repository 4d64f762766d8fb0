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

function useTeamsWrite<Arg, Result>(request: (arg: Arg) => Promise<Result>) {
  return useSWRMutation(TEAMS_KEY, (_key: string, { arg }: { arg: Arg }) => request(arg));
}

export function useCreateTeam() {
  return useTeamsWrite(createTeamRequest);
}

export function useJoinTeam() {
  return useTeamsWrite(joinTeamRequest);
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
  return useTeamsWrite(removeMemberRequest);
}

export function useActivateTeam() {
  return useTeamsWrite(startCompetitionRequest);
}

export function useRequestActivation() {
  return useTeamsWrite(requestActivationRequest);
}

/** A token for the notebook hub; nothing cached changes. */
export function useJupyterToken() {
  return useSWRMutation("/jupyter/generate-token", () => generateJupyterTokenRequest());
}
