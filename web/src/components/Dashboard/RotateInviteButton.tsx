import { Button, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useRotateInviteCode } from "../../api/teams/mutations";
import { type ActionError, ConfirmModal } from "./ConfirmModal";
import { RefreshIcon } from "./icons";
import { serverDetail } from "./teamErrors";

const ROTATE_FAILED = "Failed to issue a new invite code. Please try again later.";

/** For the team's creator or owner: replaces the invite code after a confirmation. */
export function RotateInviteButton() {
  const { trigger: rotateInvite, isMutating } = useRotateInviteCode();
  const [opened, modal] = useDisclosure(false);
  const [error, setError] = useState<ActionError | null>(null);

  const confirm = async () => {
    setError(null);
    try {
      const response = await rotateInvite();
      if (!response?.invite_code) {
        setError({ title: ROTATE_FAILED });
        return;
      }
      modal.close();
      notifications.show({
        color: "green",
        title: "New invite code issued",
        message: response.message ?? "The old code no longer joins the team.",
      });
    } catch (caught) {
      setError({ title: ROTATE_FAILED, detail: serverDetail(caught) });
    }
  };

  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        mt={6}
        leftSection={<RefreshIcon size={14} />}
        onClick={() => {
          setError(null);
          modal.open();
        }}
      >
        Rotate invite code
      </Button>
      <ConfirmModal
        opened={opened}
        title="Issue a new invite code?"
        confirmLabel="Issue new code"
        loading={isMutating}
        error={error}
        onConfirm={confirm}
        onClose={modal.close}
      >
        <Text size="sm">
          The current code stops working at once. Current members stay in the team; anyone still to
          join needs the new code.
        </Text>
      </ConfirmModal>
    </>
  );
}
