import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { ADMIN_SORT_ORDERS, ADMIN_TEAM_SORTS, ADMIN_TEAM_STANDINGS } from "@tandem/contracts";
import type { AdminTeamsFilter } from "../../../api/admin/teams/hooks";

export const SORT_LABELS: Record<AdminTeamsFilter["sort"], string> = {
  name: "Name",
  status: "Status",
  members: "Members",
  submissions: "Submissions",
  last_submission: "Last submission",
};

const STANDING_LABELS: Record<(typeof ADMIN_TEAM_STANDINGS)[number], string> = {
  active: "Active",
  inactive: "Inactive",
  disqualified: "Disqualified",
};

const statusOptions = [
  { value: "", label: "All statuses" },
  ...ADMIN_TEAM_STANDINGS.map((value) => ({ value, label: STANDING_LABELS[value] })),
];
const flagOptions = [
  { value: "", label: "All teams" },
  { value: "flagged", label: "Flagged only" },
];
const sortOptions = ADMIN_TEAM_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));
const orderOptions = ADMIN_SORT_ORDERS.map((value) => ({
  value,
  label: value === "asc" ? "Ascending" : "Descending",
}));

interface TeamsFiltersProps {
  /** What the search box shows (the list follows it after a pause). */
  search: string;
  onSearch: (search: string) => void;
  value: AdminTeamsFilter;
  onChange: (value: AdminTeamsFilter) => void;
}

export function TeamsFilters({ search, onSearch, value, onChange }: TeamsFiltersProps) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, md: 3, lg: 5 }}
      spacing="sm"
      role="group"
      aria-label="Team filters"
    >
      <TextInput
        label="Search teams"
        placeholder="Part of a team's name"
        type="search"
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
      />
      <NativeSelect
        label="Status"
        data={statusOptions}
        value={value.status}
        onChange={(event) =>
          onChange({ ...value, status: event.currentTarget.value as AdminTeamsFilter["status"] })
        }
      />
      <NativeSelect
        label="Flags"
        data={flagOptions}
        value={value.flagged ? "flagged" : ""}
        onChange={(event) =>
          onChange({ ...value, flagged: event.currentTarget.value === "flagged" })
        }
      />
      <NativeSelect
        label="Sort by"
        data={sortOptions}
        value={value.sort}
        onChange={(event) =>
          onChange({ ...value, sort: event.currentTarget.value as AdminTeamsFilter["sort"] })
        }
      />
      <NativeSelect
        label="Order"
        data={orderOptions}
        value={value.order}
        onChange={(event) =>
          onChange({ ...value, order: event.currentTarget.value as AdminTeamsFilter["order"] })
        }
      />
    </SimpleGrid>
  );
}
