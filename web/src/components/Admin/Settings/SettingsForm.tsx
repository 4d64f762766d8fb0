import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  type AdminSettings,
  type AdminSettingsPatch,
  DEFAULT_PAUSE_MESSAGE,
  SETTINGS_LIMITS,
} from "@tandem/contracts";
import { type ReactNode, useState } from "react";
import { useAdminSettings, useSaveSettings } from "../../../api/admin/settings/hooks";
import { hasErrorCode } from "../../../api/client";
import { Loaded } from "../../Loaded";
import { adminFailure, fieldErrorsOf } from "../adminErrors";
import { CountInput } from "../CountInput";
import { PageTitle } from "../PageTitle";
import { RequestFailure } from "../RequestFailure";
import { formatDateTime, fromLocalInput, toLocalInput, yourTimeZone } from "../time";

/** Empty number and time fields stand for "the deployment's value" (sent as null). */
export interface SettingsValues {
  submissions_paused: boolean;
  pause_message: string;
  daily_limit: number | string;
  opens_at: string;
  closes_at: string;
  final_picks: number | string;
  require_verified_email: boolean;
}

function valuesOf(settings: AdminSettings): SettingsValues {
  const { overridden: set } = settings;
  return {
    submissions_paused: settings.submissions_paused,
    pause_message: settings.pause_message ?? "",
    daily_limit: set.daily_limit ? settings.daily_limit : "",
    opens_at: set.opens_at ? toLocalInput(settings.opens_at) : "",
    closes_at: set.closes_at ? toLocalInput(settings.closes_at) : "",
    final_picks: set.final_picks && settings.final_picks !== null ? settings.final_picks : "",
    require_verified_email: settings.require_verified_email,
  };
}

const numberOrNull = (value: number | string) => (typeof value === "number" ? value : null);
const timeOrNull = (value: string) => fromLocalInput(value) || null;

/** Only the fields changed since the settings were read: the others keep what is stored. */
export function patchOf(before: SettingsValues, after: SettingsValues): AdminSettingsPatch {
  const patch: AdminSettingsPatch = {};
  if (after.submissions_paused !== before.submissions_paused)
    patch.submissions_paused = after.submissions_paused;
  if (after.pause_message.trim() !== before.pause_message.trim())
    patch.pause_message = after.pause_message.trim() || null;
  if (after.daily_limit !== before.daily_limit) patch.daily_limit = numberOrNull(after.daily_limit);
  if (after.opens_at !== before.opens_at) patch.opens_at = timeOrNull(after.opens_at);
  if (after.closes_at !== before.closes_at) patch.closes_at = timeOrNull(after.closes_at);
  if (after.final_picks !== before.final_picks) patch.final_picks = numberOrNull(after.final_picks);
  if (after.require_verified_email !== before.require_verified_email)
    patch.require_verified_email = after.require_verified_email;
  return patch;
}

function inForce(set: boolean, value: string, fallback: string) {
  return set
    ? `In force: ${value} (set here). Empty it to use the deployment's ${fallback}.`
    : `In force: the deployment's ${fallback}. Enter a value to override it.`;
}

/** The competition window's two ends, each set here or left to the deployment. */
const WINDOW_BOUNDS = [
  { field: "opens_at", label: "Opens at" },
  { field: "closes_at", label: "Closes at" },
] as const;

/** A group of settings, named by its legend. */
function FieldsetCard({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="fieldset" style={{ margin: 0 }}>
      <Stack gap="sm">
        <Title order={2} size="h4" component="legend">
          {legend}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Form({ settings }: { settings: AdminSettings }) {
  const { trigger: save, isMutating } = useSaveSettings();
  const [initial, setInitial] = useState(() => valuesOf(settings));
  const [requestError, setRequestError] = useState<string | null>(null);
  const form = useForm<SettingsValues>({ mode: "controlled", initialValues: initial });
  const { overridden: set, defaults } = settings;

  const submit = async (values: SettingsValues) => {
    setRequestError(null);
    const patch = patchOf(initial, values);
    if (Object.keys(patch).length === 0) {
      notifications.show({
        color: "blue",
        title: "Nothing to save",
        message: "No setting changed.",
      });
      return;
    }
    try {
      const now = await save(patch);
      const next = valuesOf(now);
      setInitial(next);
      form.setValues(next);
      form.resetDirty(next);
      notifications.show({
        color: "green",
        title: "Settings saved",
        message: "They are in force now, without a restart.",
      });
    } catch (caught) {
      if (hasErrorCode(caught, "settings.window_invalid")) {
        form.setFieldError("opens_at", caught.serverError ?? "Opens after it closes.");
        form.setFieldError("closes_at", "Must be after the opening time.");
        return;
      }
      const fields = fieldErrorsOf(caught);
      const known = Object.keys(fields).filter((name) => name in values);
      for (const name of known) form.setFieldError(name, fields[name]);
      if (known.length === 0) setRequestError(adminFailure(caught));
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack gap="lg">
        <FieldsetCard legend="Submissions">
          <Switch
            label="Pause submissions"
            description="While paused, every upload is refused with the message below; nothing is stored."
            {...form.getInputProps("submissions_paused", { type: "checkbox" })}
          />
          <Textarea
            label="Pause message"
            description={`Shown to participants while paused. Empty: "${DEFAULT_PAUSE_MESSAGE}"`}
            autosize
            minRows={2}
            maxLength={SETTINGS_LIMITS.pauseMessage}
            {...form.getInputProps("pause_message")}
          />
          <CountInput
            label="Daily limit per challenge"
            description={inForce(
              set.daily_limit,
              String(settings.daily_limit),
              `value, ${defaults.daily_limit}`,
            )}
            placeholder={String(defaults.daily_limit)}
            min={SETTINGS_LIMITS.dailyLimit.min}
            max={SETTINGS_LIMITS.dailyLimit.max}
            {...form.getInputProps("daily_limit")}
          />
        </FieldsetCard>
        <FieldsetCard legend="Competition window and final picks">
          <Text size="xs" c="dimmed">
            Times are in {yourTimeZone()}.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {WINDOW_BOUNDS.map(({ field, label }) => (
              <TextInput
                key={field}
                type="datetime-local"
                label={label}
                description={inForce(
                  set[field],
                  formatDateTime(settings[field]),
                  `time, ${formatDateTime(defaults[field])}`,
                )}
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
          <CountInput
            label="Final picks per challenge"
            description={inForce(
              set.final_picks,
              String(settings.final_picks ?? "each challenge's own"),
              "value: each challenge's own count",
            )}
            min={SETTINGS_LIMITS.finalPicks.min}
            max={SETTINGS_LIMITS.finalPicks.max}
            {...form.getInputProps("final_picks")}
          />
        </FieldsetCard>
        <FieldsetCard legend="Teams">
          <Switch
            label="Require a verified e-mail address to create or join a team"
            description="Off: participants go from sign-up straight to their team, as the site has always worked. On: a participant first opens a link we mail from their dashboard (addresses from a GitHub sign-in count as verified)."
            {...form.getInputProps("require_verified_email", { type: "checkbox" })}
          />
        </FieldsetCard>
        <RequestFailure title="The settings could not be saved" error={requestError} />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {settings.updated_at
              ? `Last changed ${formatDateTime(settings.updated_at)}`
              : "Never changed here"}
          </Text>
          <Button type="submit" loading={isMutating}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/settings: the competition's settings, in force at once (no restart). */
export function SettingsPage() {
  const read = useAdminSettings();
  return (
    <Stack gap="lg">
      <PageTitle title="Settings">
        Pause submissions, move the window, change the daily limit and the final picks, and decide
        whether teams need a verified e-mail address.
      </PageTitle>
      <Loaded
        read={read}
        failed="The settings could not be loaded"
        skeleton={<Skeleton height={420} radius="md" aria-hidden />}
      >
        {(settings) => <Form settings={settings} />}
      </Loaded>
    </Stack>
  );
}
