import { Stack, Table, Text, Title } from "@mantine/core";
import type { AdminHolder } from "@tandem/contracts";
import { useAdmins } from "../../../api/admin/invitations/hooks";
import { TableSkeleton } from "../../Leaderboard/TableSkeleton";
import { LoadError } from "../../LoadError";
import classes from "../Admin.module.css";
import { DataTable } from "../DataTable";
import { formatDateTime } from "../time";

/** How an admin came to hold the rights, in words. */
export function grantedVia(admin: AdminHolder): string {
  switch (admin.via) {
    case "organizer_code":
      return "Shared organizer code";
    case "invitation":
      return `Invitation${admin.invitation?.label ? ` for ${admin.invitation.label}` : ""}`;
    case "console":
      return admin.granted_by_email
        ? `Granted by ${admin.granted_by_email}`
        : "Granted in the console";
    case "bootstrap":
      return "Server set-up (ADMIN_EMAIL)";
    case "cli":
      return "Operator command (admin:grant)";
    default:
      return "Not recorded";
  }
}

/** Who holds admin rights, since when and through which code. */
export function AdminsList() {
  const { data, error, isLoading, mutate } = useAdmins();
  const rows = data?.admins ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="admins-heading">
      <Title order={2} size="h4" id="admins-heading">
        Admins
      </Title>
      {error && !data && (
        <LoadError title="The admins could not be loaded" error={error} onRetry={() => mutate()} />
      )}
      {isLoading && !data && <TableSkeleton rows={3} />}
      {rows.length > 0 && (
        <DataTable caption="Admins" minWidth={720} columns={["Admin", "E-mail", "Since", "Via"]}>
          {rows.map((admin) => (
            <Table.Tr key={admin.id}>
              <Table.Td className={classes.wrapAnywhere}>
                <Text size="sm" fw={600}>
                  {admin.username}
                </Text>
                {admin.status === "disabled" && (
                  <Text size="xs" c="red">
                    Disabled
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.wrapAnywhere}>{admin.email}</Table.Td>
              <Table.Td className={classes.nowrap}>
                {admin.admin_since ? formatDateTime(admin.admin_since) : "Before records began"}
              </Table.Td>
              <Table.Td className={classes.wrapAnywhere}>{grantedVia(admin)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
