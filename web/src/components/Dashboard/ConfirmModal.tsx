import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

export interface ActionError {
  /** The spec's message. */
  title: string;
  /** The server's reason, when it gave one. */
  detail?: string | null;
}

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  loading: boolean;
  error: ActionError | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be taken back; failures stay in the dialog. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor,
  loading,
  error,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  // A request in flight finishes in the dialog that started it.
  const close = () => {
    if (!loading) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      size="md"
      closeButtonProps={{ "aria-label": "Close" }}
      styles={{ title: { fontWeight: 700, overflowWrap: "anywhere" } }}
    >
      <Stack gap="md">
        {children}
        {error && (
          <Alert color="red" variant="light" role="alert" title={error.title}>
            {error.detail && <Text size="sm">{error.detail}</Text>}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {/* Focus starts on Cancel so a stray Enter does not confirm. */}
          <Button variant="default" onClick={close} disabled={loading} data-autofocus>
            Cancel
          </Button>
          <Button color={confirmColor} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
