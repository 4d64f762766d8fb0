import { ACTIVATION_MESSAGE_MAX_LENGTH } from "@tandem/contracts";
import { useDeclineActivation } from "../../../api/admin/teams/hooks";
import { ReasonModal } from "../ReasonModal";

/** Declines a team's activation request (`team`, while one is chosen) with an optional reason. */
export function DeclineActivationModal({
  team,
  onClose,
}: {
  team: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { trigger: decline } = useDeclineActivation();
  return (
    <ReasonModal
      opened={team !== null}
      onClose={onClose}
      title={`Decline ${team?.name ?? "the team"}'s request`}
      description="The team stays inactive. Its members see your reason on their dashboard and by e-mail, and may ask again."
      label="Reason (optional)"
      confirmLabel="Decline"
      optional
      maxLength={ACTIVATION_MESSAGE_MAX_LENGTH}
      failed="The request could not be declined"
      run={async (reason) => {
        const { id, name } = team!;
        await decline({ teamId: id, reason });
        return { title: "Request declined", message: `${name} sees your answer on its dashboard.` };
      }}
    />
  );
}
