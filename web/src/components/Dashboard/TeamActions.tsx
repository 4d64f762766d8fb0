import { Alert, Button, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { TeamView } from "@tandem/contracts";
import { TEAM_MESSAGES } from "@tandem/contracts";
import { useState } from "react";
import { useActivateTeam, useJupyterToken, useLeaveTeam } from "../../api/teams/mutations";
import { LogoutIcon } from "../icons";
import { type ActionError, ConfirmModal } from "./ConfirmModal";
import classes from "./Dashboard.module.css";
import { BoltIcon, NotebookIcon } from "./icons";
import { jupyterErrorMessage, serverDetail } from "./teamErrors";

interface TeamActionsProps {
  team: TeamView;
  isAdmin: boolean;
}

/** Launch JupyterHub, Activate (admins, inactive teams) and Leave Team, with their dialogs. */
export function TeamActions({ team, isAdmin }: TeamActionsProps) {
  const { trigger: leaveTeam, isMutating: leaving } = useLeaveTeam();
  const { trigger: activateTeam, isMutating: activating } = useActivateTeam();
  const { trigger: requestHubToken, isMutating: launching } = useJupyterToken();
  const [leaveOpened, leaveModal] = useDisclosure(false);
  const [activateOpened, activateModal] = useDisclosure(false);
  const [leaveError, setLeaveError] = useState<ActionError | null>(null);
  const [activateError, setActivateError] = useState<ActionError | null>(null);
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

  const confirmLeave = async () => {
    setLeaveError(null);
    try {
      const response = await leaveTeam();
      if (!response?.success) {
        setLeaveError({ title: TEAM_MESSAGES.leaveFailed });
        return;
      }
      leaveModal.close();
      notifications.show({
        color: "green",
        title: "You left the team",
        message: response.message ?? `You left team "${team.team_name}".`,
      });
    } catch (error) {
      setLeaveError({ title: TEAM_MESSAGES.leaveFailedRetry, detail: serverDetail(error) });
    }
  };

  const confirmActivate = async () => {
    setActivateError(null);
    try {
      const response = await activateTeam(team);
      if (!response?.success) {
        setActivateError({ title: TEAM_MESSAGES.activateFailed });
        return;
      }
      activateModal.close();
      notifications.show({
        color: "green",
        title: "Team activated",
        message: response.message ?? `Team "${team.team_name}" is active.`,
      });
    } catch (error) {
      setActivateError({ title: TEAM_MESSAGES.activateFailed, detail: serverDetail(error) });
    }
  };

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
          <Button
            color="green"
            leftSection={<BoltIcon />}
            onClick={() => {
              setActivateError(null);
              activateModal.open();
            }}
          >
            Activate Team
          </Button>
        )}
        <Button
          className={classes.actionsEnd}
          variant="outline"
          color="red"
          leftSection={<LogoutIcon size={16} />}
          onClick={() => {
            setLeaveError(null);
            leaveModal.open();
          }}
        >
          Leave Team
        </Button>
      </div>

      <ConfirmModal
        opened={leaveOpened}
        title={`Leave team "${team.team_name}"?`}
        confirmLabel="Leave"
        confirmColor="red"
        loading={leaving}
        error={leaveError}
        onConfirm={confirmLeave}
        onClose={leaveModal.close}
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
        opened={activateOpened}
        title={`Activate team "${team.team_name}"?`}
        confirmLabel="Activate"
        confirmColor="green"
        loading={activating}
        error={activateError}
        onConfirm={confirmActivate}
        onClose={activateModal.close}
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
