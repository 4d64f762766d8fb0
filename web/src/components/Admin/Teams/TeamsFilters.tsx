import { ADMIN_SORT_ORDERS, ADMIN_TEAM_SORTS, ADMIN_TEAM_STANDINGS } from "@tandem/contracts";
import type { AdminTeamsFilter } from "../../../api/admin/teams/hooks";
import { ChoiceFilter, FilterGroup, TextFilter } from "../Filters";

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
    <FilterGroup label="Team filters" cols={{ base: 1, sm: 2, md: 3, lg: 5 }}>
      <TextFilter
        label="Search teams"
        placeholder="Part of a team's name"
        search
        value={search}
        onChange={onSearch}
      />
      <ChoiceFilter
        label="Status"
        data={statusOptions}
        value={value.status}
        onChange={(status) => onChange({ ...value, status })}
      />
      <ChoiceFilter
        label="Flags"
        data={flagOptions}
        value={value.flagged ? "flagged" : ""}
        onChange={(flag) => onChange({ ...value, flagged: flag === "flagged" })}
      />
      <ChoiceFilter
        label="Sort by"
        data={sortOptions}
        value={value.sort}
        onChange={(sort) => onChange({ ...value, sort })}
      />
      <ChoiceFilter
        label="Order"
        data={orderOptions}
        value={value.order}
        onChange={(order) => onChange({ ...value, order })}
      />
    </FilterGroup>
  );
}
