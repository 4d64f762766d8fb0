import { List, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useCompetitionVersions } from "../../../api/admin/competition/hooks";
import { LoadError } from "../../LoadError";
import classes from "../Admin.module.css";
import { DataTable } from "../DataTable";
import { formatDateTime } from "../time";

const SOURCES = {
  default: "The default edition",
  console: "This console",
  import: "competition:import",
  settings: "Settings (window)",
} as const;

/** Every version of the definition, newest first: who saved it, when, from where, and what changed. */
export function VersionHistory() {
  const { data, error, isLoading, mutate } = useCompetitionVersions();
  if (error && !data) {
    return (
      <LoadError title="The history could not be loaded" error={error} onRetry={() => mutate()} />
    );
  }
  if (isLoading && !data) return <Skeleton height={160} radius="md" aria-hidden />;
  const versions = data?.versions ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Each save is a new version; the newest is in force. Every save is in the audit log too.
      </Text>
      <DataTable
        caption="Versions of the definition"
        columns={["Version", "Saved", "By", "From", "What changed"]}
        minWidth={720}
      >
        {versions.map((version) => (
          <Table.Tr key={version.version}>
            <Table.Td className={classes.nowrap}>{version.version}</Table.Td>
            <Table.Td className={classes.nowrap}>{formatDateTime(version.created_at)}</Table.Td>
            <Table.Td className={classes.wrapAnywhere}>{version.created_by ?? "–"}</Table.Td>
            <Table.Td>{SOURCES[version.source]}</Table.Td>
            <Table.Td>
              <List size="sm" spacing={2}>
                {version.changes.map((change, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a version's list never changes
                  <List.Item key={i}>{change}</List.Item>
                ))}
              </List>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
