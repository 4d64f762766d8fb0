import { Button, Text } from "@mantine/core";
import type { TeamView } from "@tandem/contracts";
import { TEAM_MESSAGES } from "@tandem/contracts";
import { useActivateTeam, useLeaveTeam } from "../../api/teams/hooks";
import { LogoutIcon } from "../icons";
import { JupyterLaunch } from "../Jupyter/JupyterLaunch";
import { ConfirmModal } from "./ConfirmModal";
import classes from "./Dashboard.module.css";
import { BoltIcon } from "./icons";
import { useConfirmedAction } from "./useConfirmedAction";

interface TeamActionsProps {
  team: TeamView;
  isAdmin: boolean;
}

/** Launch JupyterHub (disabled with the reason unless allowed), Activate (admins, inactive teams) and Leave Team, with their dialogs. */
export function TeamActions({ team, isAdmin }: TeamActionsProps) {
  const { trigger: leaveTeam, isMutating: leaving } = useLeaveTeam();
  const { trigger: activateTeam, isMutating: activating } = useActivateTeam();
  const lastMember = team.member_count <= 1;

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
      <div className={classes.actions}>
        <JupyterLaunch variant={isAdmin ? "filled" : "light"} />
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
