import { Alert, Text } from "@mantine/core";

/** Why a form's request failed (`error`), under the form's fields; nothing while it has not. */
export function RequestFailure({ title, error }: { title: string; error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Text size="sm">{error}</Text>
    </Alert>
  );
}
