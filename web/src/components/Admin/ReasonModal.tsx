import { Text, Textarea } from "@mantine/core";
import { ConfirmModal } from "../Dashboard/ConfirmModal";
import { type Done, useDialogRequest } from "./useDialogRequest";
import { useTextField } from "./useTextField";

interface ReasonModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  maxLength: number;
  failed: string;
  /** An optional reason may be left empty (run then gets ""). */
  optional?: boolean;
  confirmColor?: string;
  run: (reason: string) => Promise<Done>;
}

/** Asks for the reason an action needs (a disqualification, an invalidation), then sends it. */
export function ReasonModal({
  onClose,
  description,
  label,
  maxLength,
  failed,
  optional = false,
  confirmColor = "red",
  run,
  ...dialog
}: ReasonModalProps) {
  const reason = useTextField();
  const { status, send, clearError } = useDialogRequest(failed);

  const close = () => {
    reason.setValue("");
    reason.setError(null);
    clearError();
    onClose();
  };

  const submit = async () => {
    const trimmed = reason.value.trim();
    if (!trimmed && !optional) {
      reason.setError("A reason is required.");
      return;
    }
    if (await send(() => run(trimmed))) {
      reason.setValue("");
      onClose();
    }
  };

  return (
    <ConfirmModal
      form
      {...dialog}
      onClose={close}
      confirmColor={confirmColor}
      {...status}
      onConfirm={() => void submit()}
    >
      <Text size="sm">{description}</Text>
      <Textarea
        label={label}
        required={!optional}
        autosize
        minRows={3}
        maxLength={maxLength}
        {...reason.input}
        data-autofocus
      />
    </ConfirmModal>
  );
}
