import { Button, type ButtonProps, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { ConfirmModal } from "../Dashboard/ConfirmModal";
import { type Done, useDialogRequest } from "./useDialogRequest";

interface ConfirmButtonProps extends Pick<ButtonProps, "variant" | "color" | "size"> {
  label: string;
  /** The button's accessible name, when its text alone is ambiguous (one per table row). */
  ariaLabel?: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The dialog's error title when the request fails. */
  failed: string;
  /** Sends the request; answers the success notification. */
  run: () => Promise<Done>;
  disabled?: boolean;
}

/**
 * A button for an action that is asked about first. Success closes the dialog with a
 * notification; a refusal stays in the dialog with its reason (chosen by its code).
 */
export function ConfirmButton({
  label,
  ariaLabel,
  children,
  failed,
  run,
  disabled,
  variant = "light",
  color,
  size = "sm",
  ...dialog
}: ConfirmButtonProps) {
  const [opened, setOpened] = useState(false);
  const { status, send, clearError } = useDialogRequest(failed);

  const confirm = async () => {
    if (await send(run)) setOpened(false);
  };

  return (
    <>
      <Button
        variant={variant}
        color={color}
        size={size}
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => {
          clearError();
          setOpened(true);
        }}
      >
        {label}
      </Button>
      <ConfirmModal
        {...dialog}
        opened={opened}
        confirmColor={color}
        {...status}
        onConfirm={() => void confirm()}
        onClose={() => setOpened(false)}
      >
        {typeof children === "string" ? <Text size="sm">{children}</Text> : children}
      </ConfirmModal>
    </>
  );
}
