import { NativeSelect, SimpleGrid } from "@mantine/core";
import type { Competition } from "@tandem/competition";
import { SUBMISSION_STATUSES, type SubmissionStatus } from "@tandem/contracts";
import { useCompetition } from "../../competition/CompetitionContext";
import { SUBMISSION_MESSAGES as M, STATUS_LABELS } from "./messages";

/** "" stands for "all" in each filter. */
export interface HistoryFilterValues {
  /** A domain's slug. */
  domain: string;
  /** A challenge key (`retail-banking/2`). */
  challenge: string;
  status: SubmissionStatus | "";
}

export const NO_FILTERS: HistoryFilterValues = { domain: "", challenge: "", status: "" };

const domainOptions = (competition: Competition) => [
  { value: "", label: M.allDomains },
  ...competition.domains.map((domain) => ({ value: domain.slug, label: domain.name })),
];

const statusOptions = [
  { value: "", label: M.allStatuses },
  ...SUBMISSION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const challengeLabel = (number: number, title: string) => `C${number}: ${title}`;

/** The chosen domain's challenges; with none chosen, every challenge grouped by domain. */
function challengeOptions(competition: Competition, domainSlug: string) {
  const all = { value: "", label: M.allChallenges };
  const domain = domainSlug ? competition.findDomain(domainSlug) : undefined;
  if (domain) {
    return [
      all,
      ...domain.challenges.map((c) => ({ value: c.key, label: challengeLabel(c.number, c.title) })),
    ];
  }
  return [
    all,
    ...competition.domains.map((d) => ({
      group: d.name,
      items: d.challenges.map((c) => ({ value: c.key, label: challengeLabel(c.number, c.title) })),
    })),
  ];
}

const isStatus = (value: string): value is SubmissionStatus =>
  (SUBMISSION_STATUSES as readonly string[]).includes(value);

interface HistoryFiltersProps {
  value: HistoryFilterValues;
  onChange: (value: HistoryFilterValues) => void;
}

/** Native selects: labelled, keyboard- and phone-friendly without a custom listbox. */
export function HistoryFilters({ value, onChange }: HistoryFiltersProps) {
  const { competition } = useCompetition();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" role="group" aria-label={M.filtersLabel}>
      <NativeSelect
        label="Domain"
        data={domainOptions(competition)}
        value={value.domain}
        onChange={(event) => {
          const domain = event.currentTarget.value;
          // A challenge of another domain would leave the list empty for no visible reason.
          const keep = domain === "" || value.challenge.startsWith(`${domain}/`);
          onChange({ ...value, domain, challenge: keep ? value.challenge : "" });
        }}
      />
      <NativeSelect
        label="Challenge"
        data={challengeOptions(competition, value.domain)}
        value={value.challenge}
        onChange={(event) => onChange({ ...value, challenge: event.currentTarget.value })}
      />
      <NativeSelect
        label="Status"
        data={statusOptions}
        value={value.status}
        onChange={(event) => {
          const status = event.currentTarget.value;
          onChange({ ...value, status: isStatus(status) ? status : "" });
        }}
      />
    </SimpleGrid>
  );
}
