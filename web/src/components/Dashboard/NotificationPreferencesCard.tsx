import { Alert, Card, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from "../../api/notifications/hooks";
import type { NotificationPreferences } from "../../api/notifications/requests";
import { LoadError } from "../LoadError";
import { failureReason } from "./teamErrors";

const SWITCHES: readonly {
  field: keyof NotificationPreferences;
  label: string;
  description: string;
}[] = [
  {
    field: "submission_problems",
    label: "When a submission fails or stays unscored",
    description:
      "An e-mail when a team submission fails for a platform reason or is not scored in time.",
  },
  {
    field: "daily_digest",
    label: "Daily digest of scored submissions",
    description: "One e-mail a day listing your team's scored submissions.",
  },
];

/** The signed-in user's e-mail choices, each saved as it is switched. */
export function NotificationPreferencesCard() {
  const titleId = useId();
  const { data, error, isLoading, mutate } = useNotificationPreferences();
  const { save, isSaving } = useSaveNotificationPreferences();
  const [saveError, setSaveError] = useState<string | null>(null);

  const change = async (field: keyof NotificationPreferences, value: boolean) => {
    if (!data) return;
    setSaveError(null);
    try {
      await save({ ...data, [field]: value });
    } catch (failure) {
      setSaveError(failureReason(failure));
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={3} id={titleId}>
          E-mail notifications
        </Title>

        {isLoading && (
          <Stack gap="sm" aria-hidden>
            <Skeleton height={24} width="70%" />
            <Skeleton height={24} width="60%" />
          </Stack>
        )}

        {error && !data && (
          <LoadError
            title="Failed to load your e-mail choices"
            error={error}
            onRetry={() => mutate()}
          />
        )}

        {data && (
          <Stack gap="sm">
            {SWITCHES.map(({ field, label, description }) => (
              <Switch
                key={field}
                label={label}
                // The label element wraps the description too; the name is the label alone.
                aria-label={label}
                description={description}
                checked={data[field]}
                // One save at a time: a second would race the first's rollback.
                disabled={isSaving}
                onChange={(event) => void change(field, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        )}

        {saveError !== null && (
          <Alert color="red" variant="light" title="Your choice was not saved">
            <Text size="sm">{saveError}</Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
