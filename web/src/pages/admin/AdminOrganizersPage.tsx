import { Stack } from "@mantine/core";
import { AdminsList } from "../../components/Admin/Organizers/AdminsList";
import { InvitationComposer } from "../../components/Admin/Organizers/InvitationComposer";
import { InvitationsList } from "../../components/Admin/Organizers/InvitationsList";
import { PageTitle } from "../../components/Admin/PageTitle";

/** /admin/organizers: who holds admin rights, and personal invitations for new organizers. */
export default function AdminOrganizersPage() {
  return (
    <Stack gap="lg">
      <PageTitle title="Organizers">
        Who holds admin rights, and personal single-use invitations for new organizers.
      </PageTitle>
      <AdminsList />
      <InvitationComposer />
      <InvitationsList />
    </Stack>
  );
}
