import { Alert, Button, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { createTeamRequestSchema, sanitizeTeamNameInput, TEAM_MESSAGES } from "@tandem/contracts";
import { useState } from "react";
import { useCreateTeam } from "../../api/teams/hooks";
import { TeamFormCard } from "./TeamFormCard";
import { createTeamFailure } from "./teamErrors";
import { verbatimInput } from "./verbatimInput";

interface CreateTeamValues {
  team_name: string;
}

const validateTeamName = schemaResolver(createTeamRequestSchema, { sync: true });

/**
 * docs/product.md#team-names. Names are compared with existing ones on the server, which is the
 * only place that sees them all; its "already taken" answer shows under the field.
 */
export function CreateTeamForm() {
  const { trigger: createTeam, isMutating } = useCreateTeam();
  const [requestError, setRequestError] = useState<string | null>(null);
  // Controlled: the value is rewritten as the person types, which an uncontrolled input would
  // only pick up by remounting (and losing focus).
  const form = useForm<CreateTeamValues>({
    mode: "controlled",
    initialValues: { team_name: "" },
    validate: validateTeamName,
  });
  const nameError = form.errors.team_name;

  const submit = async ({ team_name: teamName }: CreateTeamValues) => {
    setRequestError(null);
    try {
      const response = await createTeam(teamName);
      if (!response?.success) {
        setRequestError(TEAM_MESSAGES.createFailed);
        return;
      }
      form.reset();
      notifications.show({
        color: "green",
        title: "Team created",
        message: response.message ?? `Team "${teamName}" created.`,
      });
    } catch (error) {
      const failure = createTeamFailure(error);
      if ("field" in failure) form.setFieldError("team_name", failure.field);
      else setRequestError(failure.alert);
    }
  };

  return (
    <TeamFormCard
      title="Create a team"
      description="You become its creator and get the team's API key."
      onSubmit={form.onSubmit(submit)}
    >
      {requestError && (
        <Alert color="red" variant="light" role="alert">
          {requestError}
        </Alert>
      )}
      <TextInput
        label="Team name"
        description="Lowercase letters, numbers and dashes"
        placeholder="data-wizards"
        {...verbatimInput}
        {...form.getInputProps("team_name")}
        onChange={(event) => {
          form.setFieldValue("team_name", sanitizeTeamNameInput(event.currentTarget.value));
          form.clearFieldError("team_name");
          setRequestError(null);
        }}
      />
      <Button type="submit" loading={isMutating} disabled={isMutating || Boolean(nameError)}>
        Create Team
      </Button>
    </TeamFormCard>
  );
}
