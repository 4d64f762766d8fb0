import { Alert, CloseButton, Group, List, Text } from "@mantine/core";
import type { AdminActivateTeamsResponse } from "@tandem/contracts";

const OUTCOME_LABELS = {
  activated: "activated",
  already_active: "was already active",
  not_found: "not found (deleted or dissolved)",
} as const;

interface ActivationResultsProps {
  results: AdminActivateTeamsResponse["results"];
  /** Names of the teams asked about, by id (the answer names ids only). */
  names: ReadonlyMap<string, string>;
  onClose: () => void;
}

/** What a bulk activation did to each team asked about. */
export function ActivationResults({ results, names, onClose }: ActivationResultsProps) {
  const activated = results.filter((r) => r.outcome === "activated").length;
  const allDone = results.every((r) => r.outcome !== "not_found");
  return (
    <Alert
      color={allDone ? "green" : "orange"}
      variant="light"
      role="status"
      title={
        <Group justify="space-between" wrap="nowrap">
          <span>
            {activated} of {results.length} teams activated
          </span>
          <CloseButton size="sm" aria-label="Dismiss activation results" onClick={onClose} />
        </Group>
      }
      styles={{ label: { width: "100%" } }}
    >
      <List size="sm" spacing={2}>
        {results.map((result) => (
          <List.Item key={result.team_id}>
            <Text span size="sm" fw={600}>
              {names.get(result.team_id) ?? result.team_id}
            </Text>
            : {OUTCOME_LABELS[result.outcome]}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
