import { Button, Text } from "@mantine/core";
import type { TeamView } from "@tandem/contracts";
import { TEAM_MESSAGES } from "@tandem/contracts";
import type { ReactNode } from "react";
import { useActivateTeam, useLeaveTeam } from "../../api/teams/hooks";
import { LogoutIcon } from "../icons";
import { JupyterLaunch } from "../Jupyter/JupyterLaunch";
import { ConfirmModal } from "./ConfirmModal";
import classes from "./Dashboard.module.css";
import { BoltIcon } from "./icons";
import { type ConfirmedAction, useConfirmedAction } from "./useConfirmedAction";

interface TeamDialogProps {
  action: ConfirmedAction;
  /** What it asks to do to the team ("Leave"): the title's verb and the confirm button. */
  verb: string;
  color: string;
  teamName: string;
  /** What doing it means. */
  text: string;
  children?: ReactNode;
}

/** Asks 'Leave team "name"?' or the like before the action named by `verb`. */
function TeamDialog({ action, verb, color, teamName, text, children }: TeamDialogProps) {
  return (
    <ConfirmModal
      {...action.modal}
      title={`${verb} team "${teamName}"?`}
      confirmLabel={verb}
      confirmColor={color}
    >
      <Text size="sm">{text}</Text>
      {children}
    </ConfirmModal>
  );
}

interface TeamActionsProps {
  team: TeamView;
  isAdmin: boolean;
}

/** Launch JupyterHub (disabled with the reason unless allowed), Activate (admins, inactive teams) and Leave Team, with their dialogs. */
export function TeamActions({ team, isAdmin }: TeamActionsProps) {
  const { trigger: leaveTeam, isMutating: leaving } = useLeaveTeam();
  const { trigger: activateTeam, isMutating: activating } = useActivateTeam();
  const leaveText =
    team.member_count > 1
      ? "You can rejoin later with the team's current invite code, if there is room."
      : team.status === "active"
        ? "You are the team's last member, so leaving dissolves the team: its API key stops working and it leaves the leaderboards. Its submissions are kept for the record."
        : "You are the team's last member, so leaving deletes the team and its API key.";

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

      <TeamDialog
        action={leave}
        verb="Leave"
        color="red"
        teamName={team.team_name}
        text={leaveText}
      />

      <TeamDialog
        action={activate}
        verb="Activate"
        color="green"
        teamName={team.team_name}
        text="Activating starts the competition timer for this team and enables submissions."
      >
        <Text size="sm" fw={600}>
          This cannot be undone.
        </Text>
      </TeamDialog>
    </>
  );
}
