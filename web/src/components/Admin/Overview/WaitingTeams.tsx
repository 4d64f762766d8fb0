import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AdminOverview, AdminWaitingTeam } from "@tandem/contracts";
import { useState } from "react";
import { Link } from "react-router";
import { useActivateTeams } from "../../../api/admin/teams/hooks";
import classes from "../Admin.module.css";
import { adminFailure } from "../adminErrors";
import { DeclineActivationModal } from "../Teams/DeclineActivationModal";
import { teamPath } from "../Teams/paths";
import { formatDateTime } from "../time";

/**
 * The overview's first section (issue 33): teams that asked to be activated, the longest
 * waiting first, each with a one-click Activate and a Decline that asks for an optional reason.
 */
export function WaitingTeams({ requests }: { requests: AdminOverview["activation_requests"] }) {
  const { trigger: activate } = useActivateTeams();
  const [busy, setBusy] = useState<string | null>(null);
  const [declining, setDeclining] = useState<AdminWaitingTeam | null>(null);

  const activateOne = async (team: AdminWaitingTeam) => {
    setBusy(team.team_id);
    try {
      const [result] = (await activate([team.team_id])).results;
      if (result?.outcome === "not_found") throw new Error("This team no longer exists.");
      notifications.show({
        color: "green",
        title: "Team activated",
        message: `${team.team_name} can submit now; its members get an e-mail.`,
      });
    } catch (caught) {
      notifications.show({
        color: "red",
        title: `${team.team_name} could not be activated`,
        message: adminFailure(caught),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="waiting-teams-heading"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="waiting-teams-heading">
          Waiting for activation ({requests.total})
        </Title>
        {requests.total === 0 ? (
          <Text size="sm" c="dimmed">
            No team is waiting: requests to be activated appear here first.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Teams that asked to be activated, the longest waiting first. Activating starts the
              team's competition timer; declining shows your reason on its dashboard. Its members
              get an e-mail either way.
            </Text>
            {/* A list rather than a table: the actions stay in view on a phone. */}
            <Stack gap={0} component="ul" aria-label="Teams waiting for activation" p={0} m={0}>
              {requests.teams.map((team) => (
                <li key={team.team_id} className={classes.waitingItem}>
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <Stack gap={2} style={{ flex: "1 1 16rem", minWidth: 0 }}>
                      <Group gap="xs" align="baseline">
                        <Anchor
                          component={Link}
                          to={teamPath(team.team_id)}
                          fw={600}
                          className={classes.wrapAnywhere}
                        >
                          {team.team_name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {team.members} {team.members === 1 ? "member" : "members"} · asked{" "}
                          <time dateTime={team.requested_at}>
                            {formatDateTime(team.requested_at)}
                          </time>
                        </Text>
                      </Group>
                      <Text
                        size="sm"
                        c={team.message ? undefined : "dimmed"}
                        className={classes.wrapAnywhere}
                        style={{ whiteSpace: "pre-wrap" }}
                      >
                        {team.message ?? "No message"}
                      </Text>
                    </Stack>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        aria-label={`Activate ${team.team_name}`}
                        loading={busy === team.team_id}
                        disabled={busy !== null && busy !== team.team_id}
                        onClick={() => void activateOne(team)}
                      >
                        Activate
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`Decline ${team.team_name}`}
                        disabled={busy !== null}
                        onClick={() => setDeclining(team)}
                      >
                        Decline
                      </Button>
                    </Group>
                  </Group>
                </li>
              ))}
            </Stack>
            {requests.total > requests.teams.length && (
              <Anchor component={Link} to="/admin/teams" size="sm">
                {requests.total - requests.teams.length} more waiting in the teams list
              </Anchor>
            )}
          </>
        )}
      </Stack>
      <DeclineActivationModal
        team={declining && { id: declining.team_id, name: declining.team_name }}
        onClose={() => setDeclining(null)}
      />
    </Card>
  );
}
