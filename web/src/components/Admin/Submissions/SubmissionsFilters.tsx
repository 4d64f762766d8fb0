import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import type { Competition } from "@tandem/competition";
import { SUBMISSION_STATUSES, type SubmissionStatus } from "@tandem/contracts";
import type { AdminSubmissionsFilter } from "../../../api/admin/submissions/hooks";
import { useCompetition } from "../../../competition/CompetitionContext";
import { STATUS_LABELS } from "../../Submissions/messages";
import { fromLocalInput, toLocalInput } from "../time";

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
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 5 }}
      spacing="sm"
      role="group"
      aria-label="Submission filters"
    >
      <TextInput
        label="Team id"
        description="From the team's page"
        placeholder="Any team"
        value={team}
        error={teamError}
        onChange={(event) => onTeam(event.currentTarget.value)}
      />
      <NativeSelect
        label="Challenge"
        description="Any challenge unless chosen"
        data={challengeOptions(competition)}
        value={value.challenge}
        onChange={(event) => onChange({ ...value, challenge: event.currentTarget.value })}
      />
      <NativeSelect
        label="Status"
        description="Any status unless chosen"
        data={statusOptions}
        value={value.status}
        onChange={(event) =>
          onChange({ ...value, status: event.currentTarget.value as SubmissionStatus | "" })
        }
      />
      <TextInput
        label="Since"
        description="Made at or after"
        type="datetime-local"
        value={toLocalInput(value.since)}
        onChange={(event) =>
          onChange({ ...value, since: fromLocalInput(event.currentTarget.value) })
        }
      />
      <TextInput
        label="Until"
        description="Made before"
        type="datetime-local"
        value={toLocalInput(value.until)}
        onChange={(event) =>
          onChange({ ...value, until: fromLocalInput(event.currentTarget.value) })
        }
      />
    </SimpleGrid>
  );
}
