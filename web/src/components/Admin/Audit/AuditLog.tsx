import { Code, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import {
  type AdminAuditFilter,
  adminAuditKey,
  NO_AUDIT_FILTERS,
  useAdminAudit,
} from "../../../api/admin/audit";
import { TableSkeleton } from "../../Leaderboard/TableSkeleton";
import { LoadError } from "../../LoadError";
import classes from "../Admin.module.css";
import { DataTable } from "../DataTable";
import { Pager } from "../Pager";
import { PageTitle } from "../PageTitle";
import { formatDateTime, fromLocalInput, toLocalInput } from "../time";
import { useCursorPages } from "../useCursorPages";

export const AUDIT_PAGE_SIZE = 50;
const TYPING_DEBOUNCE_MS = 300;

/** Before or after, as formatted JSON; wide values scroll, so the block takes keyboard focus. */
function Json({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) {
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  }
  return (
    <Code block className={classes.json} tabIndex={0} aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

const TEXT_FIELDS = [
  { name: "action", label: "Action", placeholder: "team.disqualify" },
  { name: "actor", label: "Actor", placeholder: "E-mail or user id" },
  { name: "target_type", label: "Target type", placeholder: "team" },
  { name: "target_id", label: "Target id", placeholder: "Any" },
] as const;

/** /admin/audit: every organizer action, newest first, with its before and after. */
export function AuditLog() {
  const [typed, setTyped] = useState<AdminAuditFilter>(NO_AUDIT_FILTERS);
  const [filters] = useDebouncedValue(typed, TYPING_DEBOUNCE_MS);
  const pages = useCursorPages();
  const [lastFilters, setLastFilters] = useState(filters);
  if (lastFilters !== filters) {
    setLastFilters(filters);
    pages.reset();
  }
  const { data, error, isLoading, mutate } = useAdminAudit(
    adminAuditKey(filters, AUDIT_PAGE_SIZE, pages.cursor),
  );
  const busy = isLoading && data !== undefined;
  const rows = data?.entries ?? [];

  return (
    <Stack gap="md">
      <PageTitle title="Audit log">Every change made from the console, newest first.</PageTitle>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="sm"
        role="group"
        aria-label="Audit filters"
      >
        {TEXT_FIELDS.map((field) => (
          <TextInput
            key={field.name}
            label={field.label}
            placeholder={field.placeholder}
            value={typed[field.name]}
            onChange={(event) => setTyped({ ...typed, [field.name]: event.currentTarget.value })}
          />
        ))}
        <TextInput
          type="datetime-local"
          label="Since"
          value={toLocalInput(typed.since)}
          onChange={(event) =>
            setTyped({ ...typed, since: fromLocalInput(event.currentTarget.value) })
          }
        />
        <TextInput
          type="datetime-local"
          label="Until"
          value={toLocalInput(typed.until)}
          onChange={(event) =>
            setTyped({ ...typed, until: fromLocalInput(event.currentTarget.value) })
          }
        />
      </SimpleGrid>
      {error && !data && (
        <LoadError
          title="The audit log could not be loaded"
          error={error}
          onRetry={() => mutate()}
        />
      )}
      {isLoading && !data && <TableSkeleton rows={5} />}
      {data && rows.length === 0 && !busy && (
        <Text c="dimmed">No entry matches these filters.</Text>
      )}
      {rows.length > 0 && (
        <DataTable
          caption="Audit log"
          minWidth={1000}
          busy={busy}
          columns={["Time", "Actor", "Action", "Target", "Before", "After"]}
        >
          {rows.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td className={classes.nowrap}>{formatDateTime(entry.created_at)}</Table.Td>
              <Table.Td className={classes.wrapAnywhere}>{entry.actor_email}</Table.Td>
              <Table.Td>
                <Code>{entry.action}</Code>
              </Table.Td>
              <Table.Td className={classes.wrapAnywhere}>
                <Text size="sm">{entry.target_type}</Text>
                {entry.target_id && (
                  <Text size="xs" c="dimmed">
                    {entry.target_id}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ maxWidth: 320 }}>
                <Json value={entry.before} label={`${entry.action}: before`} />
              </Table.Td>
              <Table.Td style={{ maxWidth: 320 }}>
                <Json value={entry.after} label={`${entry.action}: after`} />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <Pager
        label="Audit pages"
        pages={pages}
        nextCursor={data?.next_cursor}
        busy={busy}
        previousLabel="Newer"
        nextLabel="Older"
      />
    </Stack>
  );
}
