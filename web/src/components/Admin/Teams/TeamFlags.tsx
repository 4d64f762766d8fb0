import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import type { AdminTeamDetail, AdminTeamFlag } from "@tandem/contracts";
import { Link } from "react-router";
import { useCompetition } from "../../../competition/CompetitionContext";
import { SectionCard } from "../../SectionCard";
import classes from "../Admin.module.css";
import { DataTable } from "../DataTable";
import { formatDateTime } from "../time";
import { adminSubmissionPath, teamPath } from "./paths";

type DuplicateParticipant = Extract<AdminTeamFlag, { kind: "duplicate_participant" }>;
type IdenticalPredictions = Extract<AdminTeamFlag, { kind: "identical_predictions" }>;

function TeamLink({ team, current }: { team: { id: string; name: string }; current: string }) {
  if (team.id === current) return <Text size="sm">{team.name} (this team)</Text>;
  return (
    <Anchor component={Link} to={teamPath(team.id)} size="sm">
      {team.name}
    </Anchor>
  );
}

function SamePerson({ flag, teamId }: { flag: DuplicateParticipant; teamId: string }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Likely the same person: {flag.accounts.length} accounts for one mailbox
      </Title>
      <Text size="sm" className={classes.wrapAnywhere}>
        Their addresses read as <strong>{flag.email_key}</strong> once case, a +tag and Gmail's dots
        are ignored. They were made before sign-up refused such accounts.
      </Text>
      <DataTable
        caption={`Accounts for ${flag.email_key}`}
        minWidth={560}
        columns={["E-mail", "Account", "Team", "Signed up"]}
      >
        {flag.accounts.map((account) => (
          <Table.Tr key={account.user_id}>
            <Table.Td className={classes.wrapAnywhere}>{account.email}</Table.Td>
            <Table.Td className={classes.wrapAnywhere}>{account.username}</Table.Td>
            <Table.Td className={classes.wrapAnywhere}>
              {account.team ? <TeamLink team={account.team} current={teamId} /> : "No team"}
            </Table.Td>
            <Table.Td className={classes.nowrap}>{formatDateTime(account.signed_up_at)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}

function SamePredictions({ flag, team }: { flag: IdenticalPredictions; team: AdminTeamDetail }) {
  const { competition } = useCompetition();
  const challenge = competition.challengeByKey(flag.challenge_key);
  const title = challenge ? `${flag.challenge_key}: ${challenge.title}` : flag.challenge_key;
  const rows = [
    ...flag.submissions.map((s) => ({
      team: { id: team.id, name: team.name },
      id: s.id,
      at: s.created_at,
    })),
    ...flag.others.map((o) => ({
      team: { id: o.team_id, name: o.team_name },
      id: o.submission_id,
      at: o.created_at,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const others = flag.teams_sharing - 1;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" className={classes.wrapAnywhere}>
        Same predictions as {others} other {others === 1 ? "team" : "teams"} on {title}
      </Title>
      <Text size="sm">
        Every row has the same value, whatever the files' formatting.
        {flag.scores_as_baseline &&
          " The file scores exactly as the challenge's baseline: it is likely the baseline notebook's output, sent unchanged."}
      </Text>
      <DataTable
        caption={`Submissions with the same predictions on ${flag.challenge_key}`}
        minWidth={480}
        columns={["Sent", "Team", "Submission"]}
      >
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td className={classes.nowrap}>{formatDateTime(row.at)}</Table.Td>
            <Table.Td className={classes.wrapAnywhere}>
              <TeamLink team={row.team} current={team.id} />
            </Table.Td>
            <Table.Td>
              <Anchor
                component={Link}
                to={adminSubmissionPath(row.id)}
                size="sm"
                aria-label={`Submission ${row.id} of ${row.team.name}`}
              >
                {row.id.slice(0, 8)}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}

/** A team's flags with their evidence: for the organizers to look into, never acted on here. */
export function TeamFlags({ team }: { team: AdminTeamDetail }) {
  return (
    <SectionCard
      id="flags-heading"
      title={`Flags (${team.flags.length})`}
      description="Signs worth a look, for your judgement: the platform takes no action on them."
      gap="md"
    >
      {team.flags.map((flag) =>
        flag.kind === "duplicate_participant" ? (
          <SamePerson key={`person-${flag.email_key}`} flag={flag} teamId={team.id} />
        ) : (
          <SamePredictions
            key={`file-${flag.challenge_key}-${flag.submissions[0]?.id}`}
            flag={flag}
            team={team}
          />
        ),
      )}
    </SectionCard>
  );
}
