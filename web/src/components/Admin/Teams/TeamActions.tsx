import { Button, Group, Text } from "@mantine/core";
import { type AdminTeamDetail, DISQUALIFICATION_REASON_MAX_LENGTH } from "@tandem/contracts";
import { useState } from "react";
import { useActivateTeams, useRotateTeamKey, useTeamAction } from "../../../api/admin/teams/hooks";
import { SectionCard } from "../../SectionCard";
import { ConfirmButton } from "../ConfirmButton";
import { ReasonModal } from "../ReasonModal";
import { DailyLimitForm } from "./DailyLimitForm";
import { DeclineActivationModal } from "./DeclineActivationModal";

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
            <ConfirmButton
              label="Deactivate"
              title={`Deactivate ${team.name}?`}
              confirmLabel="Deactivate"
              color="orange"
              failed="The team could not be deactivated"
              run={async () => {
                await act({ kind: "deactivate" });
                return { title: "Team deactivated", message: `${team.name} can no longer submit.` };
              }}
            >
              Its members can no longer submit and it leaves the rankings until it is activated
              again.
            </ConfirmButton>
          ) : (
            <ConfirmButton
              label="Activate"
              title={`Activate ${team.name}?`}
              confirmLabel="Activate"
              color="green"
              failed="The team could not be activated"
              run={async () => {
                const [result] = (await activate([team.id])).results;
                if (result?.outcome === "not_found") throw new Error("This team no longer exists.");
                return { title: "Team activated", message: `${team.name} can submit now.` };
              }}
            >
              Its competition timer starts and its members can submit.
            </ConfirmButton>
          )}
          {waiting && (
            <Button variant="light" color="red" onClick={() => setDeclining(true)}>
              Decline activation request
            </Button>
          )}
          {team.disqualified ? (
            <ConfirmButton
              label="Reinstate"
              title={`Reinstate ${team.name}?`}
              confirmLabel="Reinstate"
              color="green"
              failed="The team could not be reinstated"
              run={async () => {
                await act({ kind: "reinstate" });
                return { title: "Team reinstated", message: `${team.name} is ranked again.` };
              }}
            >
              The disqualification ends and the team appears in the rankings again.
            </ConfirmButton>
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
