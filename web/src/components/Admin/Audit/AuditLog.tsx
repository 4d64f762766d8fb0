import { Anchor, Code, List, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  type AdminAuditEntry,
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  isAuditAction,
} from "@tandem/contracts";
import { useState } from "react";
import { Link } from "react-router";
import {
  type AdminAuditFilter,
  adminAuditKey,
  NO_AUDIT_FILTERS,
  useAdminAudit,
} from "../../../api/admin/audit/hooks";
import classes from "../Admin.module.css";
import { ListFrame } from "../DataTable";
import {
  ChoiceFilter,
  FilterGroup,
  filterFields,
  MomentFilter,
  TextFilter,
  TYPING_PAUSE_MS,
} from "../Filters";
import { PageTitle } from "../PageTitle";
import { adminSubmissionPath, teamPath } from "../Teams/paths";
import { formatDateTime, yourTimeZone } from "../time";
import { useCursorPages } from "../useCursorPages";
import { auditChanges } from "./changes";

export const AUDIT_PAGE_SIZE = 50;

/** The action picker's options, one group per area (`team`, `user`...), from contracts' list. */
const ACTION_OPTIONS = [
  { value: "", label: "Any action" },
  ...[...new Set(AUDIT_ACTION_NAMES.map((action) => action.split(".")[0] ?? action))].map(
    (area) => ({
      group: area.replace(/_/g, " "),
      items: AUDIT_ACTION_NAMES.filter((action) => action.startsWith(`${area}.`)).map((action) => ({
        value: action,
        label: `${AUDIT_ACTIONS[action]} (${action})`,
      })),
    }),
  ),
];

const TEXT_FIELDS = [
  { name: "actor", label: "Actor", placeholder: "E-mail or user id" },
  { name: "target_type", label: "Target type", placeholder: "team" },
  { name: "target_id", label: "Target id", placeholder: "Any" },
] as const;

/** An e-mail breaks only before its "@" (a narrow column), never inside a part. */
function Email({ address }: { address: string }) {
  const at = address.indexOf("@");
  if (at <= 0) return <span className={classes.nowrap}>{address}</span>;
  return (
    <>
      <span className={classes.nowrap}>{address.slice(0, at)}</span>
      <wbr />
      <span className={classes.nowrap}>{address.slice(at)}</span>
    </>
  );
}

function Actor({ entry }: { entry: AdminAuditEntry }) {
  return (
    <div title={entry.actor_id ?? "No account: the operator's configuration or command line"}>
      {entry.actor_name && (
        <Text size="sm" fw={500}>
          {entry.actor_name}
        </Text>
      )}
      <Text size={entry.actor_name ? "xs" : "sm"} c={entry.actor_name ? "dimmed" : undefined}>
        <Email address={entry.actor_email} />
      </Text>
    </div>
  );
}

function targetLink(entry: AdminAuditEntry): string | null {
  if (!entry.target_id) return null;
  if (entry.target_type === "team") return teamPath(entry.target_id);
  if (entry.target_type === "submission") return adminSubmissionPath(entry.target_id);
  return null;
}

/** The target by name (a team's name, a user's e-mail); its id stays in the title and the link. */
function Target({ entry }: { entry: AdminAuditEntry }) {
  const id = entry.target_id;
  const shown = entry.target_name ?? id;
  const link = targetLink(entry);
  const label =
    shown === null ? null : entry.target_type === "user" && entry.target_name ? (
      <Email address={shown} />
    ) : (
      shown
    );
  return (
    <>
      <Text size="xs" c="dimmed">
        {entry.target_type}
      </Text>
      {label !== null && id !== null && (
        <Text size="sm" className={classes.wrapWords} title={id} data-target-id={id}>
          {link ? (
            <Anchor component={Link} to={link} size="sm">
              {label}
            </Anchor>
          ) : (
            label
          )}
        </Text>
      )}
    </>
  );
}

function Changes({ entry }: { entry: AdminAuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No recorded change
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2} listStyleType="none" className={classes.changes}>
      {changes.map((change) => (
        <List.Item key={change.field}>
          <Text span size="sm" fw={600}>
            {change.field}:
          </Text>{" "}
          {change.before !== undefined && (
            <>
              <Text span size="sm" c="dimmed">
                {change.before}
              </Text>{" "}
              <span aria-hidden="true">→</span>
              <VisuallyHidden component="span"> changed to</VisuallyHidden>{" "}
            </>
          )}
          <Text span size="sm">
            {change.after}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** /admin/audit: every organizer action, newest first, with who, to what, and what changed. */
export function AuditLog() {
  const [typed, setTyped] = useState<AdminAuditFilter>(NO_AUDIT_FILTERS);
  const [filters] = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const pages = useCursorPages(filters);
  const read = useAdminAudit(adminAuditKey(filters, AUDIT_PAGE_SIZE, pages.cursor));
  const { data } = read;
  const rows = data?.entries ?? [];
  const field = filterFields(typed, setTyped);

  return (
    <Stack gap="md">
      <PageTitle title="Audit log">Every change made from the console, newest first.</PageTitle>
      <FilterGroup label="Audit filters" cols={{ base: 1, sm: 2, lg: 3 }}>
        <ChoiceFilter label="Action" data={ACTION_OPTIONS} {...field("action")} />
        {TEXT_FIELDS.map(({ name, label, placeholder }) => (
          <TextFilter key={name} label={label} placeholder={placeholder} {...field(name)} />
        ))}
        <MomentFilter label="Since" description={`In ${yourTimeZone()}`} {...field("since")} />
        <MomentFilter label="Until" description={`In ${yourTimeZone()}`} {...field("until")} />
      </FilterGroup>
      <ListFrame
        read={read}
        count={rows.length}
        failed="The audit log could not be loaded"
        empty="No entry matches these filters."
        table={{
          caption: "Audit log",
          minWidth: 960,
          columns: ["Time", "Actor", "Action", "Target", "Changes"],
        }}
        pager={{
          label: "Audit pages",
          pages,
          nextCursor: data?.next_cursor,
          newestFirst: true,
        }}
      >
        {rows.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td className={classes.nowrap}>{formatDateTime(entry.created_at)}</Table.Td>
            <Table.Td className={classes.wrapWords} style={{ maxWidth: 220 }}>
              <Actor entry={entry} />
            </Table.Td>
            <Table.Td style={{ maxWidth: 200 }}>
              {isAuditAction(entry.action) && <Text size="sm">{AUDIT_ACTIONS[entry.action]}</Text>}
              <Code>{entry.action}</Code>
            </Table.Td>
            <Table.Td style={{ maxWidth: 220 }}>
              <Target entry={entry} />
            </Table.Td>
            <Table.Td style={{ minWidth: 280 }}>
              <Changes entry={entry} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListFrame>
    </Stack>
  );
}
