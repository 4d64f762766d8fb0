import { Alert, Button, Stack, Text } from "@mantine/core";
import { EMAIL_VERIFICATION_MESSAGES as SAY } from "@tandem/contracts";
import { useState } from "react";
import { usePublicConfig } from "../../api/config/hooks";
import { requestVerificationLink } from "../../api/email-verification/requests";
import { useAuth } from "../../auth/AuthContext";
import { failureReason } from "./teamErrors";

/**
 * Shown while the signed-in user's address is unverified (issue 31): a button mails a link,
 * and, when the organizers require a verified address for teams, it says so.
 */
export function VerifyEmailCard() {
  const { user } = useAuth();
  const { data: config } = usePublicConfig();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!user || user.email_verified) return null;

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      setSent((await requestVerificationLink()).message);
    } catch (failure) {
      setError(failureReason(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Alert color="yellow" variant="light" title={SAY.banner} mb="xl">
      <Stack gap="sm" align="flex-start">
        {config?.require_verified_email ? (
          <Text size="sm">{SAY.required}</Text>
        ) : (
          <Text size="sm">
            Verify {user.email} to show it is yours: we send you a link to open.
          </Text>
        )}
        {sent && (
          <Text size="sm" role="status">
            {sent}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Button size="xs" variant="default" loading={sending} onClick={send}>
          {sent ? "Send another link" : "Send verification link"}
        </Button>
      </Stack>
    </Alert>
  );
}
