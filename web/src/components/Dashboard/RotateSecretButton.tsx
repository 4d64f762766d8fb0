import { Button, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useRotateApiKey, useRotateInviteCode } from "../../api/teams/hooks";
import { ConfirmModal } from "./ConfirmModal";
import { KeyIcon, RefreshIcon } from "./icons";
import { useConfirmedAction } from "./useConfirmedAction";

interface SecretCopy {
  button: string;
  icon: ReactNode;
  title: string;
  confirmLabel: string;
  explanation: string;
  issued: string;
  issuedFallback: string;
  failed: string;
}

const COPY = {
  apiKey: {
    button: "Rotate API key",
    icon: <KeyIcon size={14} />,
    title: "Issue a new API key?",
    confirmLabel: "Issue new key",
    explanation:
      "The current key stops working at once. Everyone in your team who uses the SDK must switch to the new key.",
    issued: "New API key issued",
    issuedFallback: "The old key no longer works.",
    failed: "Failed to issue a new API key. Please try again later.",
  },
  inviteCode: {
    button: "Rotate invite code",
    icon: <RefreshIcon size={14} />,
    title: "Issue a new invite code?",
    confirmLabel: "Issue new code",
    explanation:
      "The current code stops working at once. Current members stay in the team; anyone still to join needs the new code.",
    issued: "New invite code issued",
    issuedFallback: "The old code no longer joins the team.",
    failed: "Failed to issue a new invite code. Please try again later.",
  },
} satisfies Record<string, SecretCopy>;

/** For the team's creator or owner: replaces the API key or the invite code after a confirmation. */
export function RotateSecretButton({ secret }: { secret: keyof typeof COPY }) {
  const copy: SecretCopy = COPY[secret];
  const apiKey = useRotateApiKey();
  const inviteCode = useRotateInviteCode();
  const isMutating = apiKey.isMutating || inviteCode.isMutating;
  // Issued is what counts: an answer without the new secret has not replaced anything usable.
  const rotate = async () => {
    if (secret === "apiKey") {
      const response = await apiKey.trigger();
      return { success: Boolean(response?.api_key), message: response?.message };
    }
    const response = await inviteCode.trigger();
    return { success: Boolean(response?.invite_code), message: response?.message };
  };
  const rotation = useConfirmedAction({
    request: rotate,
    loading: isMutating,
    failed: copy.failed,
    done: { title: copy.issued, message: copy.issuedFallback },
  });

  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        mt={6}
        leftSection={copy.icon}
        onClick={rotation.open}
      >
        {copy.button}
      </Button>
      <ConfirmModal {...rotation.modal} title={copy.title} confirmLabel={copy.confirmLabel}>
        <Text size="sm">{copy.explanation}</Text>
      </ConfirmModal>
    </>
  );
}
