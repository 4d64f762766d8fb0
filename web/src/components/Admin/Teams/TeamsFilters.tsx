import { ADMIN_SORT_ORDERS, ADMIN_TEAM_SORTS, ADMIN_TEAM_STANDINGS } from "@tandem/contracts";
import type { AdminTeamsFilter } from "../../../api/admin/teams/hooks";
import { ChoiceFilter, FilterGroup, filterFields, TextFilter } from "../Filters";

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
  /** The search box (the list follows it after a pause). */
  search: { value: string; onChange: (text: string) => void };
  value: AdminTeamsFilter;
  onChange: (value: AdminTeamsFilter) => void;
}

export function TeamsFilters({ search, value, onChange }: TeamsFiltersProps) {
  const field = filterFields(value, onChange);
  return (
    <FilterGroup label="Team filters" cols={{ base: 1, sm: 2, md: 3, lg: 5 }}>
      <TextFilter label="Search teams" placeholder="Part of a team's name" search {...search} />
      <ChoiceFilter label="Status" data={statusOptions} {...field("status")} />
      <ChoiceFilter
        label="Flags"
        data={flagOptions}
        value={value.flagged ? "flagged" : ""}
        onChange={(flag) => onChange({ ...value, flagged: flag === "flagged" })}
      />
      <ChoiceFilter label="Sort by" data={sortOptions} {...field("sort")} />
      <ChoiceFilter label="Order" data={orderOptions} {...field("order")} />
    </FilterGroup>
  );
}
