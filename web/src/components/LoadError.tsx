import { Alert, Button, Stack, Text } from "@mantine/core";
import { useSWRConfig } from "swr";
import { hasErrorCode } from "../api/client";
import { TEAMS_KEY } from "../api/teams/keys";
import { failureReason } from "./Dashboard/teamErrors";

interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry: () => unknown;
}

/** A read that failed: the reason and a "Try again" button, as the dashboard's team error. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  const { mutate } = useSWRConfig();
  const retry = async () => {
    // A teammate rotated the API key: the teams list brings the new one before the retry.
    if (hasErrorCode(error, "auth.api_key_invalid")) await mutate(TEAMS_KEY);
    await onRetry();
  };
  return <RetryAlert title={title} message={failureReason(error)} onRetry={retry} />;
}

interface RetryAlertProps {
  title: string;
  /** What went wrong, in the reader's words. */
  message: string;
  onRetry: () => unknown;
}

/** A failed read's alert: what went wrong and a "Try again" button. */
export function RetryAlert({ title, message, onRetry }: RetryAlertProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void onRetry()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
