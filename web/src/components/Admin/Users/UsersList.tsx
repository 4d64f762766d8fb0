import { Anchor, Badge, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import {
  type AdminUsersFilter,
  adminUsersKey,
  useAdminUsers,
} from "../../../api/admin/users/hooks";
import classes from "../Admin.module.css";
import { ListFrame, NameCell } from "../DataTable";
import { ChoiceFilter, FilterGroup, filterFields, TextFilter, useSearchBox } from "../Filters";
import { PageTitle } from "../PageTitle";
import { teamPath } from "../Teams/TeamsList";
import { formatDateTime } from "../time";
import { useCursorPages } from "../useCursorPages";
import { UserActions } from "./UserActions";

export const USERS_PAGE_SIZE = 50;

const NO_FILTERS: Omit<AdminUsersFilter, "query"> = { admin: "", status: "" };
const ROLE_OPTIONS = [
  { value: "", label: "Everyone" },
  { value: "true", label: "Organizers" },
  { value: "false", label: "Participants" },
];
const STATUS_OPTIONS = [
  { value: "", label: "All" },
  { value: "active", label: "Active" },
  { value: "disabled", label: "Disabled" },
];

/** /admin/users: every account, newest first, searched and filtered on the server. */
export function UsersList() {
  const { query, box } = useSearchBox();
  const [filters, setFilters] = useState(NO_FILTERS);
  const pages = useCursorPages(query);
  const read = useAdminUsers(adminUsersKey({ ...filters, query }, USERS_PAGE_SIZE, pages.cursor));
  const { data } = read;
  const rows = data?.users ?? [];
  const field = filterFields(filters, (next) => {
    setFilters(next);
    pages.reset();
  });

  return (
    <Stack gap="md">
      <PageTitle title="Users">Every account, newest first.</PageTitle>
      <FilterGroup label="User filters" cols={{ base: 1, sm: 3 }}>
        <TextFilter label="Search users" placeholder="Name, username or e-mail" search {...box} />
        <ChoiceFilter label="Role" data={ROLE_OPTIONS} {...field("admin")} />
        <ChoiceFilter label="Account status" data={STATUS_OPTIONS} {...field("status")} />
      </FilterGroup>

      <ListFrame
        read={read}
        count={rows.length}
        failed="The users could not be loaded"
        empty="No account matches these filters."
        table={{
          caption: "Users",
          minWidth: 960,
          columns: ["User", "E-mail", "Team", "Status", "Created", "Actions"],
        }}
        pager={{
          label: "User pages",
          pages,
          nextCursor: data?.next_cursor,
          newestFirst: true,
        }}
      >
        {rows.map((user) => (
          <Table.Tr key={user.id}>
            <NameCell name={user.username} note={`${user.first_name} ${user.last_name}`.trim()} />
            <Table.Td className={classes.wrapAnywhere}>{user.email}</Table.Td>
            <Table.Td className={classes.wrapAnywhere}>
              {user.team ? (
                <Anchor component={Link} to={teamPath(user.team.id)} size="sm">
                  {user.team.name}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  No team
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={user.status === "disabled" ? "red" : "green"}>
                {user.status === "disabled" ? "Disabled" : "Active"}
              </Badge>
            </Table.Td>
            <Table.Td className={classes.nowrap}>{formatDateTime(user.created_at)}</Table.Td>
            <Table.Td>
              <UserActions user={user} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListFrame>
    </Stack>
  );
}
