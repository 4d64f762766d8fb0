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
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{failureReason(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void retry()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
