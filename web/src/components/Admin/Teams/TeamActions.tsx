import { Button, Group, Text } from "@mantine/core";
import { type AdminTeamDetail, DISQUALIFICATION_REASON_MAX_LENGTH } from "@tandem/contracts";
import { type ReactNode, useState } from "react";
import { useActivateTeams, useRotateTeamKey, useTeamAction } from "../../../api/admin/teams/hooks";
import { SectionCard } from "../../SectionCard";
import { ConfirmButton } from "../ConfirmButton";
import { ReasonModal } from "../ReasonModal";
import { DailyLimitForm } from "./DailyLimitForm";
import { DeclineActivationModal } from "./DeclineActivationModal";

/** The changes to whether a team may submit or is ranked, by their verb and its past. */
const STANDING_CHANGES = {
  Deactivate: { done: "deactivated", color: "orange", outcome: "can no longer submit." },
  Activate: { done: "activated", color: "green", outcome: "can submit now." },
  Reinstate: { done: "reinstated", color: "green", outcome: "is ranked again." },
} as const;

/**
 * A standing change, asked about first: its verb names the button and the dialog's confirm, its
 * past the failure and the notification.
 */
function StandingChange({
  team,
  verb,
  send,
  children,
}: {
  team: AdminTeamDetail;
  verb: keyof typeof STANDING_CHANGES;
  send: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { done, color, outcome } = STANDING_CHANGES[verb];
  return (
    <ConfirmButton
      label={verb}
      title={`${verb} ${team.name}?`}
      confirmLabel={verb}
      color={color}
      failed={`The team could not be ${done}`}
      run={async () => {
        await send();
        return { title: `Team ${done}`, message: `${team.name} ${outcome}` };
      }}
    >
      {children}
    </ConfirmButton>
  );
}

/** What an organizer can do to one team; each change is audited on the server. */
export function TeamActions({ team }: { team: AdminTeamDetail }) {
  const { trigger: act } = useTeamAction(team.id);
  const { trigger: activate } = useActivateTeams();
  const { trigger: rotate } = useRotateTeamKey(team.id);
  const [disqualifying, setDisqualifying] = useState(false);
  const [declining, setDeclining] = useState(false);
  const waiting = team.activation_request?.state === "waiting";
  const active = team.status === "active";

  return (
    <>
      <SectionCard id="team-actions" title="Actions" gap="md">
        <Group gap="sm">
          {active ? (
            <StandingChange team={team} verb="Deactivate" send={() => act({ kind: "deactivate" })}>
              Its members can no longer submit and it leaves the rankings until it is activated
              again.
            </StandingChange>
          ) : (
            <StandingChange
              team={team}
              verb="Activate"
              send={async () => {
                const [result] = (await activate([team.id])).results;
                if (result?.outcome === "not_found") throw new Error("This team no longer exists.");
              }}
            >
              Its competition timer starts and its members can submit.
            </StandingChange>
          )}
          {waiting && (
            <Button variant="light" color="red" onClick={() => setDeclining(true)}>
              Decline activation request
            </Button>
          )}
          {team.disqualified ? (
            <StandingChange team={team} verb="Reinstate" send={() => act({ kind: "reinstate" })}>
              The disqualification ends and the team appears in the rankings again.
            </StandingChange>
          ) : (
            <Button variant="light" color="red" onClick={() => setDisqualifying(true)}>
              Disqualify
            </Button>
          )}
          <ConfirmButton
            label="Rotate API key"
            title={`Rotate ${team.name}'s API key?`}
            confirmLabel="Rotate key"
            color="orange"
            failed="The API key could not be rotated"
            run={async () => {
              const answer = await rotate();
              return { title: "API key rotated", message: answer.message };
            }}
          >
            The old key stops working at once: scripts and notebooks using it fail until the team
            puts in the new key from its dashboard.
          </ConfirmButton>
        </Group>
        <DailyLimitForm team={team} />
        <Text size="xs" c="dimmed">
          Every action is recorded in the audit log.
        </Text>
      </SectionCard>
      <DeclineActivationModal
        team={declining ? { id: team.id, name: team.name } : null}
        onClose={() => setDeclining(false)}
      />
      <ReasonModal
        opened={disqualifying}
        onClose={() => setDisqualifying(false)}
        title={`Disqualify ${team.name}`}
        description="The team disappears from every ranking and cannot submit. Its members see the reason on their dashboard."
        label="Reason"
        confirmLabel="Disqualify"
        maxLength={DISQUALIFICATION_REASON_MAX_LENGTH}
        failed="The team could not be disqualified"
        run={async (reason) => {
          await act({ kind: "disqualify", reason });
          return { title: "Team disqualified", message: `${team.name} is disqualified.` };
        }}
      />
    </>
  );
}
