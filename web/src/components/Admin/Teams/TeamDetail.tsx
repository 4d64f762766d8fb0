import { Alert, Anchor, Group, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import type { Competition } from "@tandem/competition";
import type { AdminTeamDetail } from "@tandem/contracts";
import { Link } from "react-router";
import { useAdminTeam, useRemoveTeamMember } from "../../../api/admin/teams/hooks";
import { hasErrorCode } from "../../../api/client";
import { useCompetition } from "../../../competition/CompetitionContext";
import { Fact, Facts } from "../../Facts";
import { LoadError } from "../../LoadError";
import classes from "../Admin.module.css";
import { ConfirmButton } from "../ConfirmButton";
import { DataTable } from "../DataTable";
import { NotFoundAlert } from "../NotFoundAlert";
import {
  SubmissionStatusCell,
  SubmissionTimeCell,
  scoreText,
} from "../Submissions/SubmissionCells";
import { TitledSection } from "../TitledSection";
import { formatDateTime } from "../time";
import { StandingBadge } from "./StandingBadge";
import { TeamActions } from "./TeamActions";
import { TeamFlags } from "./TeamFlags";

export { adminSubmissionPath } from "./paths";

const challengeName = (competition: Competition, key: string) => {
  const challenge = competition.challengeByKey(key);
  return challenge ? `${key}: ${challenge.title}` : key;
};

function Members({ team }: { team: AdminTeamDetail }) {
  const { trigger: remove } = useRemoveTeamMember(team.id);
  if (team.team_members.length === 0) return <Text c="dimmed">No members.</Text>;
  return (
    <DataTable
      caption="Members"
      minWidth={640}
      columns={["Member", "E-mail", "Role", "Joined", "Action"]}
    >
      {team.team_members.map((member) => (
        <Table.Tr key={member.id}>
          <Table.Td className={classes.wrapAnywhere}>{member.username}</Table.Td>
          <Table.Td className={classes.wrapAnywhere}>{member.email}</Table.Td>
          <Table.Td>{member.role}</Table.Td>
          <Table.Td className={classes.nowrap}>{formatDateTime(member.joined_at)}</Table.Td>
          <Table.Td>
            <ConfirmButton
              label="Remove"
              ariaLabel={`Remove ${member.username}`}
              size="xs"
              color="red"
              title={`Remove ${member.username} from ${team.name}?`}
              confirmLabel="Remove member"
              failed="The member could not be removed"
              run={async () => {
                const answer = await remove(member.id);
                return {
                  title: "Member removed",
                  message: answer.ended
                    ? `${member.username} was the last member: the team is ${answer.ended}.`
                    : `${member.username} left ${team.name}; its API key and invite code were replaced.`,
                };
              }}
            >
              The team's API key and invite code are replaced, since the member knew both.
            </ConfirmButton>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function Results({ team }: { team: AdminTeamDetail }) {
  const { competition } = useCompetition();
  return (
    <DataTable
      caption="Per-challenge results"
      minWidth={480}
      columns={["Challenge", "Submissions", "Best public score"]}
    >
      {team.challenges.map((c) => (
        <Table.Tr key={c.challenge_key}>
          <Table.Td>{challengeName(competition, c.challenge_key)}</Table.Td>
          <Table.Td>{c.submissions}</Table.Td>
          <Table.Td>{scoreText(c.best_public_score)}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function LatestSubmissions({ team }: { team: AdminTeamDetail }) {
  if (team.latest_submissions.length === 0) return <Text c="dimmed">No submissions yet.</Text>;
  return (
    <DataTable
      caption="Latest submissions"
      minWidth={760}
      columns={["Time", "Challenge", "Status", "Public score", "Counted", "Via"]}
    >
      {team.latest_submissions.map((s) => (
        <Table.Tr key={s.id}>
          <SubmissionTimeCell id={s.id} createdAt={s.created_at} />
          <Table.Td>{s.challenge_key}</Table.Td>
          <SubmissionStatusCell status={s.status} error={s.error_message} />
          <Table.Td>{scoreText(s.public_score)}</Table.Td>
          <Table.Td>{s.counted ? "Yes" : "No"}</Table.Td>
          <Table.Td>{s.submitted_via}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** /admin/teams/:teamId: one team with its members, results, latest submissions and actions. */
export function TeamDetail({ teamId }: { teamId: string }) {
  const { data: team, error, isLoading, mutate } = useAdminTeam(teamId);

  if (isLoading && !team) {
    return (
      <Stack gap="md" aria-hidden>
        <Skeleton height={36} width="40%" />
        <Skeleton height={120} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  if (!team) {
    if (hasErrorCode(error, "team.not_found") || hasErrorCode(error, "request.invalid")) {
      return (
        <NotFoundAlert
          title="Team not found"
          back={{ to: "/admin/teams", label: "Back to all teams" }}
        >
          No team has this id (it may have been dissolved).
        </NotFoundAlert>
      );
    }
    return (
      <LoadError title="The team could not be loaded" error={error} onRetry={() => mutate()} />
    );
  }

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/teams" size="sm">
        ← All teams
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1} size="h2" className={classes.wrapAnywhere}>
          {team.name}
        </Title>
        <StandingBadge standing={team.standing} />
      </Group>
      {team.disqualified && (
        <Alert color="red" variant="light" title="Disqualified">
          <Text size="sm" className={classes.fullText}>
            {team.disqualification_reason ?? "No reason recorded."}
          </Text>
          {team.disqualified_at && (
            <Text size="xs" c="dimmed">
              Since {formatDateTime(team.disqualified_at)}
            </Text>
          )}
        </Alert>
      )}
      {team.activation_request && (
        <Alert
          color={team.activation_request.state === "waiting" ? "blue" : "gray"}
          variant="light"
          title={
            team.activation_request.state === "waiting"
              ? `Asked to be activated on ${formatDateTime(team.activation_request.requested_at)}`
              : `Activation request declined on ${formatDateTime(team.activation_request.declined_at)}`
          }
        >
          <Text size="sm" className={classes.fullText}>
            {team.activation_request.message
              ? `Their message: ${team.activation_request.message}`
              : "No message."}
          </Text>
          {team.activation_request.state === "declined" && (
            <Text size="sm" className={classes.fullText}>
              Reason given: {team.activation_request.decline_reason ?? "none."}
            </Text>
          )}
        </Alert>
      )}
      {team.flags.length > 0 && <TeamFlags team={team} />}
      <Facts strong>
        <Fact label="Activation">{team.status === "active" ? "Active" : "Inactive"}</Fact>
        <Fact label="Activated at">
          {team.activated_at ? formatDateTime(team.activated_at) : "Never"}
        </Fact>
        <Fact label="Created">{formatDateTime(team.created_at)}</Fact>
        <Fact label="Submissions">{team.submissions}</Fact>
        <Fact label="Daily limit">{team.daily_limit ?? "Competition default"}</Fact>
        <Fact label="Team id">{team.id}</Fact>
      </Facts>
      <TeamActions team={team} />
      <TitledSection id="members-heading" title={`Members (${team.team_members.length})`}>
        <Members team={team} />
      </TitledSection>
      <TitledSection id="results-heading" title="Per-challenge results">
        <Results team={team} />
      </TitledSection>
      <Stack gap="sm" component="section" aria-labelledby="latest-heading">
        <Group justify="space-between">
          <Title order={2} size="h4" id="latest-heading">
            Latest submissions
          </Title>
          <Anchor
            component={Link}
            to={`/admin/submissions?team=${encodeURIComponent(team.id)}`}
            size="sm"
          >
            All of this team's submissions
          </Anchor>
        </Group>
        <LatestSubmissions team={team} />
      </Stack>
    </Stack>
  );
}
