import { Table } from "@mantine/core";
import type { AdminHolder } from "@tandem/contracts";
import { useAdmins } from "../../../api/admin/invitations/hooks";
import classes from "../Admin.module.css";
import { ListFrame, NameCell } from "../DataTable";
import { TitledSection } from "../TitledSection";
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
  const read = useAdmins();
  const { data } = read;
  const rows = data?.admins ?? [];
  return (
    <TitledSection id="admins-heading" title="Admins">
      <ListFrame
        read={read}
        count={rows.length}
        failed="The admins could not be loaded"
        skeletonRows={3}
        table={{ caption: "Admins", minWidth: 720, columns: ["Admin", "E-mail", "Since", "Via"] }}
      >
        {rows.map((admin) => (
          <Table.Tr key={admin.id}>
            <NameCell
              name={admin.username}
              note={admin.status === "disabled" ? "Disabled" : undefined}
              noteColor="red"
            />
            <Table.Td className={classes.wrapAnywhere}>{admin.email}</Table.Td>
            <Table.Td className={classes.nowrap}>
              {admin.admin_since ? formatDateTime(admin.admin_since) : "Before records began"}
            </Table.Td>
            <Table.Td className={classes.wrapAnywhere}>{grantedVia(admin)}</Table.Td>
          </Table.Tr>
        ))}
      </ListFrame>
    </TitledSection>
  );
}
