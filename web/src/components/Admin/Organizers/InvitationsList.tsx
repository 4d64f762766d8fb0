import { Alert, Badge, Table, Text } from "@mantine/core";
import type { AdminInvitation } from "@tandem/contracts";
import { useInvitations, useRevokeInvitation } from "../../../api/admin/invitations/hooks";
import classes from "../Admin.module.css";
import { ConfirmButton } from "../ConfirmButton";
import { ListFrame, NameCell } from "../DataTable";
import { TitledSection } from "../TitledSection";
import { formatDateTime } from "../time";

const STATE_BADGE: Record<AdminInvitation["state"], { label: string; color: string }> = {
  open: { label: "Open", color: "green" },
  used: { label: "Used", color: "blue" },
  expired: { label: "Expired", color: "gray" },
  revoked: { label: "Revoked", color: "red" },
};

const forWhom = (invitation: AdminInvitation) => invitation.label || "Unnamed invitation";

/** Every invitation, newest first: who made it, for whom, and what became of it. */
export function InvitationsList() {
  const read = useInvitations();
  const { data } = read;
  const { trigger: revoke } = useRevokeInvitation();
  const rows = data?.invitations ?? [];

  return (
    <TitledSection id="invitations-heading" title="Invitations">
      {data && (
        <Alert
          color={data.organizer_code_enabled ? "yellow" : "gray"}
          variant="light"
          title={
            data.organizer_code_enabled
              ? "The shared organizer code is on"
              : "The shared organizer code is off"
          }
        >
          <Text size="sm">
            {data.organizer_code_enabled
              ? "Anyone who knows ORGANIZER_CODE can still sign up as an organizer. The operator can turn it off (ORGANIZER_CODE_ENABLED=false) so that only these invitations work."
              : "Only these invitations make new organizers."}
          </Text>
        </Alert>
      )}
      <ListFrame
        read={read}
        count={rows.length}
        failed="The invitations could not be loaded"
        empty="No invitation has been made yet."
        skeletonRows={3}
        table={{
          caption: "Invitations",
          minWidth: 900,
          columns: ["For whom", "State", "Made", "Expires", "Used by", "Actions"],
        }}
      >
        {rows.map((invitation) => (
          <Table.Tr key={invitation.id}>
            <NameCell name={forWhom(invitation)} note={<>by {invitation.created_by_email}</>} />
            <Table.Td>
              <Badge
                variant="light"
                color={STATE_BADGE[invitation.state].color}
                // Never cut to "US…" when a phone squeezes the column.
                miw="max-content"
              >
                {STATE_BADGE[invitation.state].label}
              </Badge>
              {invitation.revoked_by_email && (
                <Text size="xs" c="dimmed">
                  by {invitation.revoked_by_email}, {formatDateTime(invitation.revoked_at)}
                </Text>
              )}
            </Table.Td>
            <Table.Td className={classes.nowrap}>{formatDateTime(invitation.created_at)}</Table.Td>
            <Table.Td className={classes.nowrap}>{formatDateTime(invitation.expires_at)}</Table.Td>
            <Table.Td className={classes.wrapAnywhere}>
              {invitation.used_by_email ? (
                <>
                  <Text size="sm">{invitation.used_by_email}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(invitation.used_at)}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  –
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {invitation.state === "open" && (
                <ConfirmButton
                  label="Revoke"
                  ariaLabel={`Revoke the invitation for ${forWhom(invitation)}`}
                  title={`Revoke the invitation for ${forWhom(invitation)}?`}
                  confirmLabel="Revoke invitation"
                  failed="The invitation was not revoked"
                  color="red"
                  run={async () => {
                    await revoke(invitation.id);
                    return {
                      title: "Invitation revoked",
                      message: "Its code no longer makes an organizer.",
                    };
                  }}
                >
                  <Text size="sm">Its code will no longer make an organizer account.</Text>
                </ConfirmButton>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </ListFrame>
    </TitledSection>
  );
}
