import { Anchor, Stack, Table } from "@mantine/core";
import { SUBMISSION_STATUSES, type SubmissionStatus } from "@tandem/contracts";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  type AdminSubmissionsFilter,
  adminSubmissionsKey,
  NO_SUBMISSION_FILTERS,
  useAdminSubmissions,
} from "../../../api/admin/submissions/hooks";
import classes from "../Admin.module.css";
import { ListFrame } from "../DataTable";
import { PageTitle } from "../PageTitle";
import { teamPath } from "../Teams/TeamsList";
import { useCursorPages } from "../useCursorPages";
import { RescoreTools } from "./RescoreChallenge";
import { SubmissionStatusCell, SubmissionTimeCell, scoreText } from "./SubmissionCells";
import { SubmissionsFilters } from "./SubmissionsFilters";

export const SUBMISSIONS_PAGE_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters a link may start the list with (`?team=...&status=failed`). */
function initialFilters(params: URLSearchParams): AdminSubmissionsFilter {
  const status = params.get("status") ?? "";
  return {
    ...NO_SUBMISSION_FILTERS,
    team: UUID.test(params.get("team") ?? "") ? params.get("team")! : "",
    challenge: params.get("challenge") ?? "",
    status: (SUBMISSION_STATUSES as readonly string[]).includes(status)
      ? (status as SubmissionStatus)
      : "",
  };
}

/** /admin/submissions: every team's submissions, newest first, filtered and paged on the server. */
export function SubmissionsList() {
  const [params] = useSearchParams();
  const [filters, setFilters] = useState(() => initialFilters(params));
  const [team, setTeam] = useState(filters.team);
  const pages = useCursorPages();
  const read = useAdminSubmissions(
    adminSubmissionsKey(filters, SUBMISSIONS_PAGE_SIZE, pages.cursor),
  );
  const { data } = read;
  const rows = data?.submissions ?? [];
  const teamError = team.trim() && !UUID.test(team.trim()) ? "A team id is a UUID" : null;

  const change = (next: AdminSubmissionsFilter) => {
    setFilters(next);
    pages.reset();
  };
  const changeTeam = (value: string) => {
    setTeam(value);
    const trimmed = value.trim();
    // Only a whole id is sent: the API filters by team id alone.
    if (trimmed === "" || UUID.test(trimmed)) change({ ...filters, team: trimmed });
  };

  return (
    <Stack gap="md">
      <PageTitle title="Submissions">Every team's submissions, newest first.</PageTitle>
      <RescoreTools />
      <SubmissionsFilters
        value={filters}
        team={team}
        onTeam={changeTeam}
        teamError={teamError}
        onChange={change}
      />
      <ListFrame
        read={read}
        count={rows.length}
        failed="The submissions could not be loaded"
        empty="No submission matches these filters."
        table={{
          caption: "Submissions",
          minWidth: 1000,
          columns: [
            "Time",
            "Team",
            "Challenge",
            "Status",
            "Public",
            "Private",
            "Counted",
            "Attempts",
          ],
        }}
        pager={{
          label: "Submission pages",
          pages,
          nextCursor: data?.next_cursor,
          newestFirst: true,
        }}
      >
        {rows.map((s) => (
          <Table.Tr key={s.id}>
            <SubmissionTimeCell id={s.id} createdAt={s.created_at} />
            <Table.Td className={classes.wrapAnywhere}>
              <Anchor component={Link} to={teamPath(s.team.id)} size="sm">
                {s.team.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{s.challenge_key}</Table.Td>
            <SubmissionStatusCell status={s.status} error={s.error} lines={3} />
            <Table.Td>{scoreText(s.public_score)}</Table.Td>
            <Table.Td>{scoreText(s.private_score)}</Table.Td>
            <Table.Td>{s.counted ? "Yes" : "No"}</Table.Td>
            <Table.Td>{s.attempts}</Table.Td>
          </Table.Tr>
        ))}
      </ListFrame>
    </Stack>
  );
}
