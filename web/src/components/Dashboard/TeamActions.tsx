import { Alert, Button, Text } from "@mantine/core";
import type { TeamView } from "@tandem/contracts";
import { TEAM_MESSAGES } from "@tandem/contracts";
import { useState } from "react";
import { useActivateTeam, useJupyterToken, useLeaveTeam } from "../../api/teams/mutations";
import { LogoutIcon } from "../icons";
import { ConfirmModal } from "./ConfirmModal";
import classes from "./Dashboard.module.css";
import { BoltIcon, NotebookIcon } from "./icons";
import { jupyterErrorMessage } from "./teamErrors";
import { useConfirmedAction } from "./useConfirmedAction";

interface TeamActionsProps {
  team: TeamView;
  isAdmin: boolean;
}

/** Launch JupyterHub, Activate (admins, inactive teams) and Leave Team, with their dialogs. */
export function TeamActions({ team, isAdmin }: TeamActionsProps) {
  const { trigger: leaveTeam, isMutating: leaving } = useLeaveTeam();
  const { trigger: activateTeam, isMutating: activating } = useActivateTeam();
  const { trigger: requestHubToken, isMutating: launching } = useJupyterToken();
  const [hubError, setHubError] = useState<string | null>(null);
  const lastMember = team.member_count <= 1;

  const launchHub = async () => {
    setHubError(null);
    if (!isAdmin) {
      setHubError(TEAM_MESSAGES.jupyterAdminRequired);
      return;
    }
    try {
      const launch = await requestHubToken();
      if (!launch) {
        setHubError(TEAM_MESSAGES.jupyterInvalidResponse);
        return;
      }
      // Still inside the click's user activation (the token call is quick), so not a blocked popup.
      window.open(launch.jupyterhubUrl, "_blank", "noopener,noreferrer");
    } catch (error) {
      setHubError(jupyterErrorMessage(error));
    }
  };

  const leave = useConfirmedAction({
    request: () => leaveTeam(),
    loading: leaving,
    failed: TEAM_MESSAGES.leaveFailed,
    failedToSend: TEAM_MESSAGES.leaveFailedRetry,
    done: { title: "You left the team", message: `You left team "${team.team_name}".` },
  });
  const activate = useConfirmedAction({
    request: () => activateTeam(team),
    loading: activating,
    failed: TEAM_MESSAGES.activateFailed,
    done: { title: "Team activated", message: `Team "${team.team_name}" is active.` },
  });

  return (
    <>
      {hubError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setHubError(null)}
        >
          {hubError}
        </Alert>
      )}
      <div className={classes.actions}>
        <Button
          variant={isAdmin ? "filled" : "light"}
          leftSection={<NotebookIcon />}
          loading={launching}
          onClick={launchHub}
        >
          Launch JupyterHub
        </Button>
        {isAdmin && team.status === "inactive" && (
          <Button color="green" leftSection={<BoltIcon />} onClick={activate.open}>
            Activate Team
          </Button>
        )}
        <Button
          className={classes.actionsEnd}
          variant="outline"
          color="red"
          leftSection={<LogoutIcon size={16} />}
          onClick={leave.open}
        >
          Leave Team
        </Button>
      </div>

      <ConfirmModal
        {...leave.modal}
        title={`Leave team "${team.team_name}"?`}
        confirmLabel="Leave"
        confirmColor="red"
      >
        <Text size="sm">
          {!lastMember
            ? "You can rejoin later with the team's current invite code, if there is room."
            : team.status === "active"
              ? "You are the team's last member, so leaving dissolves the team: its API key stops working and it leaves the leaderboards. Its submissions are kept for the record."
              : "You are the team's last member, so leaving deletes the team and its API key."}
        </Text>
      </ConfirmModal>

      <ConfirmModal
        {...activate.modal}
        title={`Activate team "${team.team_name}"?`}
        confirmLabel="Activate"
        confirmColor="green"
      >
        <Text size="sm">
          Activating starts the competition timer for this team and enables submissions.
        </Text>
        <Text size="sm" fw={600}>
          This cannot be undone.
        </Text>
      </ConfirmModal>
    </>
  );
}
