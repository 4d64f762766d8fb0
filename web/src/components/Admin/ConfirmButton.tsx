import { Button, type ButtonProps, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type ReactNode, useState } from "react";
import { type ActionError, ConfirmModal } from "../Dashboard/ConfirmModal";
import { adminFailure } from "./adminErrors";

export interface Done {
  title: string;
  message: string;
}

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
  title,
  children,
  confirmLabel,
  failed,
  run,
  disabled,
  variant = "light",
  color,
  size = "sm",
}: ConfirmButtonProps) {
  const [opened, setOpened] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ActionError | null>(null);

  const confirm = async () => {
    setLoading(true);
    setError(null);
    try {
      const done = await run();
      setOpened(false);
      notifications.show({ color: "green", ...done });
    } catch (caught) {
      setError({ title: failed, detail: adminFailure(caught) });
    } finally {
      setLoading(false);
    }
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
          setError(null);
          setOpened(true);
        }}
      >
        {label}
      </Button>
      <ConfirmModal
        opened={opened}
        title={title}
        confirmLabel={confirmLabel}
        confirmColor={color}
        loading={loading}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => setOpened(false)}
      >
        {typeof children === "string" ? <Text size="sm">{children}</Text> : children}
      </ConfirmModal>
    </>
  );
}
