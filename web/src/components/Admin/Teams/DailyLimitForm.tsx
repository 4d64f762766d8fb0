import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type AdminTeamDetail, TEAM_DAILY_LIMIT_MAX } from "@tandem/contracts";
import { useState } from "react";
import { useTeamAction } from "../../../api/admin/teams/hooks";
import { adminFailure, fieldErrorsOf } from "../adminErrors";
import { CountInput } from "../CountInput";

/** The team's own daily limit per challenge, or the competition's default. */
export function DailyLimitForm({ team }: { team: AdminTeamDetail }) {
  const { trigger: act, isMutating } = useTeamAction(team.id);
  const [value, setValue] = useState<string | number>(team.daily_limit ?? "");
  const [error, setError] = useState<string | null>(null);

  const save = async (dailyLimit: number | null) => {
    setError(null);
    try {
      await act({ kind: "daily_limit", dailyLimit });
      if (dailyLimit === null) setValue("");
      notifications.show({
        color: "green",
        title: "Daily limit saved",
        message:
          dailyLimit === null
            ? `${team.name} uses the competition's daily limit.`
            : `${team.name} may submit ${dailyLimit} times per challenge per day.`,
      });
    } catch (caught) {
      setError(fieldErrorsOf(caught).daily_limit ?? adminFailure(caught));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
          setError(`Enter a whole number from 1 to ${TEAM_DAILY_LIMIT_MAX}, or use the default.`);
          return;
        }
        void save(value);
      }}
    >
      <Group align="flex-end" gap="sm">
        <CountInput
          label="Daily limit per challenge"
          description={
            team.daily_limit === null
              ? "Now: the competition default"
              : `Now: ${team.daily_limit} (this team's own)`
          }
          placeholder="Competition default"
          min={1}
          max={TEAM_DAILY_LIMIT_MAX}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          error={error}
          w={220}
        />
        <Button type="submit" variant="light" loading={isMutating}>
          Save limit
        </Button>
        <Button
          variant="subtle"
          disabled={team.daily_limit === null || isMutating}
          onClick={() => void save(null)}
        >
          Use competition default
        </Button>
      </Group>
    </form>
  );
}
