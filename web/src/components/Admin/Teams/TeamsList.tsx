import { Anchor, Button, Checkbox, Group, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AdminActivateTeamsResponse, AdminTeamRow } from "@tandem/contracts";
import { useState } from "react";
import { Link } from "react-router";
import {
  type AdminTeamsFilter,
  adminTeamsKey,
  useActivateTeams,
  useAdminTeams,
} from "../../../api/admin/teams/hooks";
import classes from "../Admin.module.css";
import { adminFailure } from "../adminErrors";
import { ListFrame } from "../DataTable";
import { useSearchBox } from "../Filters";
import { PageTitle } from "../PageTitle";
import { formatDateTime } from "../time";
import { useCursorPages } from "../useCursorPages";
import { ActivationResults } from "./ActivationResults";
import { FlagBadges } from "./FlagBadges";
import { teamPath } from "./paths";
import { StandingBadge } from "./StandingBadge";
import { TeamsFilters } from "./TeamsFilters";

export const TEAMS_PAGE_SIZE = 50;

const NO_FILTERS: AdminTeamsFilter = {
  query: "",
  status: "",
  flagged: false,
  sort: "name",
  order: "asc",
};

export { teamPath } from "./paths";

/** The team's activation request (issue 33): when it asked, what it wrote, and any answer. */
function ActivationRequestCell({ request }: { request: AdminTeamRow["activation_request"] }) {
  if (!request)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} className={classes.nowrap}>
        {request.state === "waiting" ? "Waiting since" : "Declined"}{" "}
        {formatDateTime(request.state === "waiting" ? request.requested_at : request.declined_at)}
      </Text>
      {request.message && (
        <Text size="xs" style={{ whiteSpace: "pre-wrap" }} lineClamp={3} title={request.message}>
          “{request.message}”
        </Text>
      )}
    </Stack>
  );
}

/** /admin/teams: every team, searched, filtered, sorted and paged on the server. */
export function TeamsList() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const { query, box } = useSearchBox();
  // The search joins the filters once typing pauses; a new search starts at the first page.
  const pages = useCursorPages(query);
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const [outcome, setOutcome] = useState<{
    results: AdminActivateTeamsResponse["results"];
    names: ReadonlyMap<string, string>;
  } | null>(null);
  const { trigger: activate, isMutating } = useActivateTeams();

  const key = adminTeamsKey({ ...filters, query }, TEAMS_PAGE_SIZE, pages.cursor);
  const read = useAdminTeams(key);
  const { data } = read;
  const rows = data?.teams ?? [];

  const changeFilters = (next: AdminTeamsFilter) => {
    setFilters(next);
    pages.reset();
  };

  const toggle = (team: AdminTeamRow, checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(team.id, team.name);
      else next.delete(team.id);
      return next;
    });
  const allShownSelected = rows.length > 0 && rows.every((team) => selected.has(team.id));
  const someShownSelected = rows.some((team) => selected.has(team.id));
  const toggleShown = () =>
    setSelected((current) => {
      const next = new Map(current);
      for (const team of rows) {
        if (allShownSelected) next.delete(team.id);
        else next.set(team.id, team.name);
      }
      return next;
    });

  const activateSelected = async () => {
    const names = selected;
    try {
      const answer = await activate([...names.keys()]);
      setOutcome({ results: answer.results, names });
      setSelected(new Map());
    } catch (caught) {
      notifications.show({
        color: "red",
        title: "The teams could not be activated",
        message: adminFailure(caught),
      });
    }
  };

  return (
    <Stack gap="md">
      <PageTitle title="Teams">Search, sort and activate teams; open one to act on it.</PageTitle>
      <TeamsFilters search={box} value={filters} onChange={changeFilters} />
      <Group gap="sm">
        <Button
          disabled={selected.size === 0}
          loading={isMutating}
          onClick={() => void activateSelected()}
        >
          Activate selected{selected.size > 0 ? ` (${selected.size})` : ""}
        </Button>
        {selected.size > 0 && (
          <Button variant="subtle" onClick={() => setSelected(new Map())}>
            Clear selection
          </Button>
        )}
      </Group>
      {outcome && (
        <ActivationResults
          results={outcome.results}
          names={outcome.names}
          onClose={() => setOutcome(null)}
        />
      )}

      <ListFrame
        read={read}
        count={rows.length}
        failed="The teams could not be loaded"
        empty={filters !== NO_FILTERS || query ? "No team matches these filters." : "No teams yet."}
        table={{
          caption: "Teams",
          minWidth: 1160,
          columns: [
            <Checkbox
              key="all"
              aria-label="Select every team shown"
              checked={allShownSelected}
              indeterminate={someShownSelected && !allShownSelected}
              onChange={toggleShown}
            />,
            "Team",
            "Status",
            "Flags",
            "Members",
            "Submissions",
            "Last submission",
            "Daily limit",
            "Activation request",
          ],
        }}
        pager={{ label: "Team pages", pages, nextCursor: data?.next_cursor }}
      >
        {rows.map((team) => (
          <Table.Tr key={team.id}>
            <Table.Td>
              <Checkbox
                aria-label={`Select ${team.name}`}
                checked={selected.has(team.id)}
                onChange={(event) => toggle(team, event.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td className={classes.wrapAnywhere}>
              <Anchor component={Link} to={teamPath(team.id)} size="sm" fw={600}>
                {team.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StandingBadge standing={team.standing} />
            </Table.Td>
            <Table.Td>
              <FlagBadges flags={team.flags} />
            </Table.Td>
            <Table.Td>{team.members}</Table.Td>
            <Table.Td>{team.submissions}</Table.Td>
            <Table.Td className={classes.nowrap}>
              {team.last_submission_at ? formatDateTime(team.last_submission_at) : "Never"}
            </Table.Td>
            <Table.Td>{team.daily_limit ?? "Default"}</Table.Td>
            <Table.Td className={classes.wrapAnywhere}>
              <ActivationRequestCell request={team.activation_request ?? null} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListFrame>
    </Stack>
  );
}
