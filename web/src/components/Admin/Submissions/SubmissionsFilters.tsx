import { TextInput } from "@mantine/core";
import type { Competition } from "@tandem/competition";
import { SUBMISSION_STATUSES } from "@tandem/contracts";
import type { AdminSubmissionsFilter } from "../../../api/admin/submissions/hooks";
import { useCompetition } from "../../../competition/CompetitionContext";
import { STATUS_LABELS } from "../../Submissions/messages";
import { ChoiceFilter, FilterGroup, filterFields, MomentFilter } from "../Filters";

/** "All challenges", then the competition's challenges grouped by domain. */
export const challengeOptions = (competition: Competition) => [
  { value: "", label: "All challenges" },
  ...competition.domains.map((domain) => ({
    group: domain.name,
    items: domain.challenges.map((c) => ({ value: c.key, label: `${c.key}: ${c.title}` })),
  })),
];

const statusOptions = [
  { value: "", label: "All statuses" },
  ...SUBMISSION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

interface SubmissionsFiltersProps {
  value: AdminSubmissionsFilter;
  /** What the team box shows (a team id; it is sent once it is a whole UUID or empty). */
  team: string;
  onTeam: (team: string) => void;
  teamError: string | null;
  onChange: (value: AdminSubmissionsFilter) => void;
}

export function SubmissionsFilters({
  value,
  team,
  onTeam,
  teamError,
  onChange,
}: SubmissionsFiltersProps) {
  const { competition } = useCompetition();
  const field = filterFields(value, onChange);
  return (
    <FilterGroup label="Submission filters" cols={{ base: 1, sm: 2, lg: 5 }}>
      <TextInput
        label="Team id"
        description="From the team's page"
        placeholder="Any team"
        value={team}
        error={teamError}
        onChange={(event) => onTeam(event.currentTarget.value)}
      />
      <ChoiceFilter
        label="Challenge"
        description="Any challenge unless chosen"
        data={challengeOptions(competition)}
        {...field("challenge")}
      />
      <ChoiceFilter
        label="Status"
        description="Any status unless chosen"
        data={statusOptions}
        {...field("status")}
      />
      <MomentFilter label="Since" description="Made at or after" {...field("since")} />
      <MomentFilter label="Until" description="Made before" {...field("until")} />
    </FilterGroup>
  );
}
