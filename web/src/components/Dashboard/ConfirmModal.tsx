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
  /**
   * The dialog holds fields (focused first, `data-autofocus`): it is a form, and Enter in a
   * field confirms it.
   */
  form?: boolean;
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
  form = false,
}: ConfirmModalProps) {
  // A request in flight finishes in the dialog that started it.
  const close = () => {
    if (!loading) onClose();
  };

  const content = (
    <Stack gap="md">
      {children}
      {error && (
        <Alert color="red" variant="light" role="alert" title={error.title}>
          {error.detail && <Text size="sm">{error.detail}</Text>}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {/* Without fields, focus starts on Cancel so a stray Enter does not confirm. */}
        <Button
          variant="default"
          onClick={close}
          disabled={loading}
          data-autofocus={!form || undefined}
        >
          Cancel
        </Button>
        <Button
          type={form ? "submit" : "button"}
          color={confirmColor}
          loading={loading}
          onClick={form ? undefined : onConfirm}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );

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
      {form ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          {content}
        </form>
      ) : (
        content
      )}
    </Modal>
  );
}
