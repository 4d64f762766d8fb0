import { Alert, Badge, Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import type { TeamView } from "@tandem/contracts";
import { type ReactNode, useId } from "react";
import { canCompete } from "../../api/teams/requests";
import { useAuth } from "../../auth/AuthContext";
import { SUBMIT_GATE_MESSAGES } from "../Submit/gateMessages";
import { useSubmissionsPause } from "../Submit/useSubmissionsPause";
import { ActivationNotice } from "./ActivationNotice";
import { ApiKeyHelp } from "./ApiKeyHelp";
import { CopyField } from "./CopyField";
import classes from "./Dashboard.module.css";
import { formatDate, formatScore } from "./format";
import { RotateSecretButton } from "./RotateSecretButton";
import { TeamActions } from "./TeamActions";
import { TeamMembers } from "./TeamMembers";

interface StatProps {
  label: string;
  wide?: boolean;
  children: ReactNode;
}

function Stat({ label, wide = false, children }: StatProps) {
  return (
    <div className={wide ? `${classes.stat} ${classes.statWide}` : classes.stat}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={2}>
        {label}
      </Text>
      {children}
    </div>
  );
}

/** docs/product.md#dashboard: one team with its key, status, members and actions. */
export function TeamCard({ team }: { team: TeamView }) {
  const { user } = useAuth();
  const titleId = useId();
  const isAdmin = user?.admin_access === true;
  const active = team.status === "active";
  const competing = canCompete(team);
  // Ready, but the organizers have paused submissions: the line says so, with their message.
  const pause = useSubmissionsPause();
  const paused = competing && pause.paused;
  const manages = team.user_role === "creator" || team.user_role === "owner";
  const full = team.member_count >= team.max_members;

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} id={titleId} className={classes.wrapAnywhere}>
            {team.team_name}
          </Title>
          <Badge
            color={team.disqualified ? "red" : active ? "green" : "gray"}
            variant="light"
            size="lg"
            style={{ flex: "none" }}
          >
            {team.disqualified ? "Disqualified" : active ? "Active" : "Inactive"}
          </Badge>
        </Group>

        {team.disqualified === true && (
          <Alert color="red" variant="light" title="Disqualified" role="status">
            <Text size="sm" className={classes.wrapAnywhere} style={{ whiteSpace: "pre-wrap" }}>
              Disqualified: {team.disqualification_reason ?? "no reason given"}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              The team is hidden from every ranking. Contact the organizers with any questions.
            </Text>
          </Alert>
        )}

        <div className={classes.stats}>
          <Stat label="Current score">
            <Text fw={700} size="md" ff="monospace">
              {formatScore(team.total_score)}
            </Text>
          </Stat>
          <Stat label="Competition status" wide>
            {/* The light variant's text colours: darkened in the theme to pass AA on grey. */}
            <Text
              fw={700}
              size="md"
              c={`var(--mantine-color-${competing && !paused ? "green" : team.disqualified ? "red" : "orange"}-light-color)`}
              data-testid="team-readiness"
            >
              {paused
                ? SUBMIT_GATE_MESSAGES.readinessPaused
                : competing
                  ? "Ready to compete"
                  : team.disqualified
                    ? "Disqualified"
                    : "Activation required"}
            </Text>
            {paused && (
              <Text size="xs" c="dimmed">
                {SUBMIT_GATE_MESSAGES.readinessPausedWhy}
              </Text>
            )}
          </Stat>
          <Stat label="Created">
            <Text fw={700} size="md">
              <time dateTime={team.created_at}>{formatDate(team.created_at)}</time>
            </Text>
          </Stat>
        </div>

        <ActivationNotice team={team} isAdmin={isAdmin} />

        <CopyField
          label="API key"
          value={team.api_key}
          labelExtra={<ApiKeyHelp teamName={team.team_name} />}
          footer={manages && <RotateSecretButton secret="apiKey" />}
        />
        <CopyField
          label="Invite code"
          value={team.invite_code}
          footer={
            <>
              <Text size="xs" c="dimmed" mt={6}>
                Teammates type this code under “Join a team” on their dashboard. Share it only with
                your team: anyone with it can join while there is room
                {manages ? ", until you rotate it." : "."}
              </Text>
              {manages && <RotateSecretButton secret="inviteCode" />}
            </>
          }
        />
        <CopyField
          label="Team ID"
          value={team.id}
          footer={
            <Text size="xs" c="dimmed" mt={6}>
              Your team's public ID, as shown on leaderboards. It does not let anyone join.
            </Text>
          }
        />

        <div>
          <Title order={4} size="h5" mb={4}>
            Members ({team.member_count} of {team.max_members})
          </Title>
          {full && (
            <Text size="xs" c="dimmed" mb={4}>
              The team is full; nobody else can join unless a member leaves or is removed.
            </Text>
          )}
          <TeamMembers members={team.members} currentUserId={user?.id} canRemove={manages} />
        </div>

        <Divider />
        <TeamActions team={team} isAdmin={isAdmin} />
      </Stack>
    </Card>
  );
}
