import { Box, Button, Group, Text, Textarea, VisuallyHidden } from "@mantine/core";
import { useClipboard } from "@mantine/hooks";
import { type ReactNode, useId } from "react";
import { CheckIcon } from "../icons";
import classes from "./Dashboard.module.css";
import { CopyIcon } from "./icons";

/** docs/product.md#timers-and-constants: the copy confirmation lasts 1 second. */
export const COPY_CONFIRMATION_MS = 1_000;

interface CopyFieldProps {
  label: string;
  value: string;
  /** Shown after the label, such as a help tooltip (kept outside the <label>). */
  labelExtra?: ReactNode;
  /** Shown under the value, such as a related action. */
  footer?: ReactNode;
}

/** A read-only value (API key, team ID) that wraps inside its box, with a Copy button. */
export function CopyField({ label, value, labelExtra, footer }: CopyFieldProps) {
  const clipboard = useClipboard({ timeout: COPY_CONFIRMATION_MS });
  const inputId = useId();

  return (
    <Box>
      <Group gap={6} mb={6} wrap="nowrap">
        <Text component="label" htmlFor={inputId} size="sm" fw={600}>
          {label}
        </Text>
        {labelExtra}
      </Group>
      <div className={classes.copyRow}>
        <Textarea
          id={inputId}
          className={classes.copyInput}
          classNames={{ input: classes.copyValue }}
          value={value}
          readOnly
          autosize
          minRows={1}
          resize="none"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          className={classes.copyButton}
          variant={clipboard.copied ? "light" : "default"}
          color={clipboard.copied ? "teal" : undefined}
          leftSection={clipboard.copied ? <CheckIcon size={16} /> : <CopyIcon />}
          aria-label={`Copy ${label}`}
          onClick={() => clipboard.copy(value)}
        >
          {clipboard.copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <VisuallyHidden role="status">{clipboard.copied ? `${label} copied` : ""}</VisuallyHidden>
      {clipboard.error && (
        <Text size="xs" c="red" mt={4} role="alert">
          Could not copy. Select the text and copy it yourself.
        </Text>
      )}
      {footer}
    </Box>
  );
}
