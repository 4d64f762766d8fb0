import { Stack } from "@mantine/core";
import { AnnouncementComposer } from "../../components/Admin/Announcements/AnnouncementComposer";
import { AnnouncementList } from "../../components/Admin/Announcements/AnnouncementList";
import { PageTitle } from "../../components/Admin/PageTitle";

/** /admin/announcements */
export default function AdminAnnouncementsPage() {
  return (
    <Stack gap="lg">
      <PageTitle title="Announcements">
        The newest one is the banner on every page until it is withdrawn.
      </PageTitle>
      <AnnouncementComposer />
      <AnnouncementList />
    </Stack>
  );
}
