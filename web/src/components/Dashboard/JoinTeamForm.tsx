import { Button, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { joinTeamRequestSchema, TEAM_MESSAGES } from "@tandem/contracts";
import { useJoinTeam } from "../../api/teams/hooks";
import { TeamFormCard } from "./TeamFormCard";
import { failureReason } from "./teamErrors";
import { verbatimInput } from "./verbatimInput";

interface JoinTeamValues {
  team_id: string;
}

const validateJoin = schemaResolver(joinTeamRequestSchema, { sync: true });

/**
 * Joining a team (docs/product.md#joining), by the team's secret invite code
 * (docs/adr/0006-team-membership.md): required and trimmed; the button waits for some input. The
 * API still calls the field `team_id`, so the form does too.
 */
export function JoinTeamForm() {
  const { trigger: joinTeam, isMutating } = useJoinTeam();
  const form = useForm<JoinTeamValues>({
    mode: "controlled",
    initialValues: { team_id: "" },
    validate: validateJoin,
    transformValues: ({ team_id }) => ({ team_id: team_id.trim() }),
  });

  const submit = async ({ team_id: inviteCode }: JoinTeamValues) => {
    try {
      const response = await joinTeam(inviteCode);
      if (!response?.success) {
        form.setFieldError("team_id", TEAM_MESSAGES.joinFailed);
        return;
      }
      form.reset();
      notifications.show({
        color: "green",
        title: "Joined the team",
        message: response.message ?? "You joined the team.",
      });
    } catch (error) {
      form.setFieldError("team_id", TEAM_MESSAGES.joinError(failureReason(error)));
    }
  };

  return (
    <TeamFormCard
      title="Join a team"
      description="Ask a teammate for the invite code shown on their team card."
      onSubmit={form.onSubmit(submit)}
    >
      <TextInput
        label="Invite code"
        description="From your teammate's team card (not the team ID)"
        placeholder="Paste the invite code"
        {...verbatimInput}
        {...form.getInputProps("team_id")}
      />
      <Button
        type="submit"
        variant="light"
        loading={isMutating}
        disabled={isMutating || form.values.team_id === ""}
      >
        Join Team
      </Button>
    </TeamFormCard>
  );
}
