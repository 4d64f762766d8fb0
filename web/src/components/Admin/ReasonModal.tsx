import { Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { ConfirmModal } from "../Dashboard/ConfirmModal";
import { adminFailure } from "./adminErrors";
import type { Done } from "./ConfirmButton";

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
  opened,
  onClose,
  title,
  description,
  label,
  confirmLabel,
  maxLength,
  failed,
  optional = false,
  confirmColor = "red",
  run,
}: ReasonModalProps) {
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const close = () => {
    setReason("");
    setFieldError(null);
    setRequestError(null);
    onClose();
  };

  const submit = async () => {
    const trimmed = reason.trim();
    if (!trimmed && !optional) {
      setFieldError("A reason is required.");
      return;
    }
    setLoading(true);
    setRequestError(null);
    try {
      const done = await run(trimmed);
      notifications.show({ color: "green", ...done });
      setLoading(false);
      setReason("");
      onClose();
    } catch (caught) {
      setRequestError(adminFailure(caught));
      setLoading(false);
    }
  };

  return (
    <ConfirmModal
      form
      opened={opened}
      onClose={close}
      title={title}
      confirmLabel={confirmLabel}
      confirmColor={confirmColor}
      loading={loading}
      error={requestError ? { title: failed, detail: requestError } : null}
      onConfirm={() => void submit()}
    >
      <Text size="sm">{description}</Text>
      <Textarea
        label={label}
        required={!optional}
        autosize
        minRows={3}
        maxLength={maxLength}
        value={reason}
        error={fieldError}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setFieldError(null);
        }}
        data-autofocus
      />
    </ConfirmModal>
  );
}
