import {
  Alert,
  Button,
  CopyButton,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  ADMIN_INVITATION_DAYS_DEFAULT,
  ADMIN_INVITATION_DAYS_MAX,
  ADMIN_INVITATION_LABEL_MAX_LENGTH,
  type CreatedAdminInvitation,
} from "@tandem/contracts";
import { useState } from "react";
import { useCreateInvitation } from "../../../api/admin/invitations/hooks";
import { SectionCard } from "../../SectionCard";
import classes from "../Admin.module.css";
import { adminFailure, fieldErrorsOf } from "../adminErrors";
import { RequestFailure } from "../RequestFailure";

/**
 * Makes a personal, single-use organizer invitation. Its code is shown here once, right after
 * it is made (only its hash is kept), to be handed to the person it is for.
 */
export function InvitationComposer() {
  const [label, setLabel] = useState("");
  const [days, setDays] = useState<number | string>(ADMIN_INVITATION_DAYS_DEFAULT);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [requestError, setRequestError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedAdminInvitation | null>(null);
  const { trigger: create, isMutating } = useCreateInvitation();

  const submit = async () => {
    setRequestError(null);
    setFieldErrors({});
    try {
      const result = await create({
        label,
        expires_in_days: typeof days === "number" ? days : Number(days),
      });
      setCreated(result);
      setLabel("");
      setDays(ADMIN_INVITATION_DAYS_DEFAULT);
    } catch (caught) {
      const fields = fieldErrorsOf(caught);
      if (Object.keys(fields).length > 0) setFieldErrors(fields);
      else setRequestError(adminFailure(caught));
    }
  };

  return (
    <SectionCard id="invite-heading" title="Invite an organizer" onSubmit={() => void submit()}>
      <Text size="sm" c="dimmed">
        A personal code that makes one admin account, entered as the admin password when signing up
        as an organizer. It is shown once.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="For whom (optional)"
          description="A name or an address, shown in the list below"
          maxLength={ADMIN_INVITATION_LABEL_MAX_LENGTH}
          value={label}
          error={fieldErrors.label}
          onChange={(event) => setLabel(event.currentTarget.value)}
        />
        <NumberInput
          classNames={{ wrapper: classes.numberField }}
          label="Valid for (days)"
          description={`1 to ${ADMIN_INVITATION_DAYS_MAX}`}
          min={1}
          max={ADMIN_INVITATION_DAYS_MAX}
          allowDecimal={false}
          value={days}
          error={fieldErrors.expires_in_days}
          onChange={setDays}
        />
      </SimpleGrid>
      <RequestFailure title="No invitation was made" error={requestError} />
      <Button type="submit" loading={isMutating} style={{ alignSelf: "flex-start" }}>
        Make invitation
      </Button>
      {created && (
        <Alert
          color="green"
          variant="light"
          title={
            created.invitation.label
              ? `Invitation for ${created.invitation.label}`
              : "Invitation made"
          }
          aria-live="polite"
        >
          <Stack gap="xs">
            <Text size="sm">
              Give this code to the person it is for. It will not be shown again.
            </Text>
            <Group gap="sm" wrap="wrap">
              <Text
                component="code"
                ff="monospace"
                fw={600}
                style={{ wordBreak: "break-all" }}
                aria-label="Invitation code"
              >
                {created.code}
              </Text>
              <CopyButton value={created.code}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? "Copied" : "Copy code"}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
    </SectionCard>
  );
}
